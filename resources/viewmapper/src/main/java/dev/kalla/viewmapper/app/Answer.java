package dev.kalla.viewmapper.app;

import dev.kalla.viewmapper.json.JsonWritable;

import java.util.LinkedHashMap;
import java.util.Map;

/** A deterministic answer to a natural-language question: prose, an optional diagram, and data. */
record Answer(String intent, String text, String mermaid, Object data) implements JsonWritable {
    @Override
    public Map<String, Object> toJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("intent", intent);
        m.put("answer", text);
        m.put("mermaid", mermaid);
        m.put("data", data);
        return m;
    }
}
