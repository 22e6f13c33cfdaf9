package dev.kalla.viewmapper.mermaid;

import dev.kalla.viewmapper.graph.ObjectName;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Mermaid node ids: {@code n_} plus the name reduced to [A-Za-z0-9_]. When the reduction
 * loses information (odd characters) or two names reduce alike, a short hash of the full
 * name is appended, so ids stay stable and unique whatever the identifiers look like.
 */
final class NodeIds {
    private final Map<ObjectName, String> ids = new HashMap<>();

    NodeIds(List<ObjectName> names, String defaultCatalog, String defaultSchema) {
        Map<String, Integer> counts = new HashMap<>();
        Map<ObjectName, String> base = new HashMap<>();
        Set<ObjectName> lossy = new HashSet<>();
        for (ObjectName n : names) {
            String display = n.display(defaultCatalog, defaultSchema);
            StringBuilder b = new StringBuilder("n_");
            for (int k = 0; k < display.length(); k++) {
                char c = display.charAt(k);
                if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_') b.append(c);
                else if (c == '.') b.append("__");
                else {
                    b.append('_');
                    lossy.add(n);
                }
            }
            base.put(n, b.toString());
            counts.merge(b.toString(), 1, Integer::sum);
        }
        for (ObjectName n : names) {
            String id = base.get(n);
            if (lossy.contains(n) || counts.get(id) > 1) id = id + "_" + shortHash(n.toString());
            ids.put(n, id);
        }
    }

    String of(ObjectName name) {
        return ids.get(name);
    }

    private static String shortHash(String s) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
            return String.format("%02x%02x%02x", d[0], d[1], d[2]);
        } catch (NoSuchAlgorithmException e) {
            return Integer.toHexString(s.hashCode());
        }
    }
}
