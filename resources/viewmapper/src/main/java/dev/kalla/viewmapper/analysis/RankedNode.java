package dev.kalla.viewmapper.analysis;

import dev.kalla.viewmapper.json.JsonWritable;

import java.util.LinkedHashMap;
import java.util.Map;

/** A node with the figure it was ranked by, e.g. dependents count or betweenness. */
public record RankedNode(String name, String kind, double score, String why) implements JsonWritable {
    @Override
    public Object toJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", name);
        m.put("kind", kind);
        m.put("score", score == Math.rint(score) ? (Object) (long) score : (Object) (Math.round(score * 100) / 100.0));
        m.put("why", why);
        return m;
    }
}
