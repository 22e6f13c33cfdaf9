package dev.kalla.viewmapper.app;

import dev.kalla.viewmapper.columns.ColumnLineage;
import dev.kalla.viewmapper.analysis.GraphAnalyzer;
import dev.kalla.viewmapper.connect.ConnectionException;
import dev.kalla.viewmapper.connect.LoadedViews;
import dev.kalla.viewmapper.connect.ViewSource;
import dev.kalla.viewmapper.graph.GraphBuilder;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Parsed graphs per connection+catalog+schema, so follow-up questions skip loading and
 * parsing. file:// entries are rebuilt when a file's mtime or size changes; JDBC entries
 * are kept until a request asks for refresh.
 *
 * <p>Locking is per key: concurrent requests for the same graph share one load, while a slow
 * load of one connection never blocks questions about another.
 */
final class GraphCache {
    /** A loaded graph; its column lineage is computed per view on first use and kept with it. */
    record Entry(GraphAnalyzer analyzer, ColumnLineage columns, String stamp, long loadMillis) {
    }

    private final Map<String, Entry> entries = new ConcurrentHashMap<>();
    private final Map<String, Object> locks = new ConcurrentHashMap<>();

    Entry get(String key, ViewSource source, String catalog, String schema, boolean refresh) throws ConnectionException {
        synchronized (locks.computeIfAbsent(key, k -> new Object())) {
            String stamp = source.freshnessStamp();
            Entry e = entries.get(key);
            if (e != null && !refresh && (stamp == null || stamp.equals(e.stamp()))) return e;
            long t0 = System.nanoTime();
            LoadedViews loaded = source.loadViews(catalog, schema);
            var graph = GraphBuilder.build(loaded.views(), loaded.identifierCase(), loaded.defaultCatalog(), loaded.defaultSchema(),
                    ColumnLineage::ownColumnListProblem);
            Entry fresh = new Entry(new GraphAnalyzer(graph), new ColumnLineage(graph, loaded.identifierCase(), loaded.tableColumns()), stamp,
                    (System.nanoTime() - t0) / 1_000_000);
            entries.put(key, fresh);
            return fresh;
        }
    }

    Entry peek(String key) {
        return entries.get(key);
    }
}
