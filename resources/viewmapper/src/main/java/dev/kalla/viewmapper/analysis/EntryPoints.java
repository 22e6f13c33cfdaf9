package dev.kalla.viewmapper.analysis;

import dev.kalla.viewmapper.json.JsonWritable;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Where to start exploring a graph that is too large to look at whole. */
public record EntryPoints(List<RankedNode> highImpact, List<RankedNode> leafViews, List<RankedNode> centralHubs)
        implements JsonWritable {
    @Override
    public Object toJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("highImpact", highImpact);
        m.put("leafViews", leafViews);
        m.put("centralHubs", centralHubs);
        return m;
    }
}
