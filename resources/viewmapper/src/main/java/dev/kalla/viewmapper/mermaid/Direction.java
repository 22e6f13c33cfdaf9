package dev.kalla.viewmapper.mermaid;

import java.util.Locale;

/** Mermaid flowchart directions. */
public enum Direction {
    TB, LR, BT, RL;

    public static Direction parse(String s) {
        if (s == null || s.isBlank()) return TB;
        String v = s.trim().toUpperCase(Locale.ROOT);
        if (v.equals("TD")) return TB;
        try {
            return valueOf(v);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("direction must be TB, LR, BT or RL, got " + s);
        }
    }
}
