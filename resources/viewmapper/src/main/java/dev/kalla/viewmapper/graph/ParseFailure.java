package dev.kalla.viewmapper.graph;

import dev.kalla.viewmapper.json.JsonWritable;

import java.util.LinkedHashMap;
import java.util.Map;

/** A view whose SQL could not be parsed; it stays in the graph without dependencies. */
public record ParseFailure(ObjectName view, String reason) implements JsonWritable {
    @Override
    public Object toJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("view", view.toString());
        m.put("reason", reason);
        return m;
    }
}
