package dev.kalla.viewmapper.app;

import java.util.Map;

/** Typed access to a request's params object with protocol errors for wrong types. */
final class Params {
    private final Map<String, Object> map;

    Params(Map<String, Object> map) {
        this.map = map;
    }

    String string(String key) {
        Object v = map.get(key);
        if (v == null) return null;
        if (!(v instanceof String s)) throw new RequestException("BAD_REQUEST", "param '" + key + "' must be a string");
        return s.isBlank() ? null : s;
    }

    String required(String key) {
        String s = string(key);
        if (s == null) throw new RequestException("BAD_REQUEST", "param '" + key + "' is required");
        return s;
    }

    int integer(String key, int fallback) {
        Object v = map.get(key);
        if (v == null) return fallback;
        if (v instanceof Number n) return n.intValue();
        if (v instanceof String s) {
            try {
                return Integer.parseInt(s.trim());
            } catch (NumberFormatException e) {
                // fall through to the error below
            }
        }
        throw new RequestException("BAD_REQUEST", "param '" + key + "' must be a number");
    }

    boolean flag(String key) {
        return Boolean.TRUE.equals(map.get(key));
    }
}
