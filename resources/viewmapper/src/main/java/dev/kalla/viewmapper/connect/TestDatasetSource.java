package dev.kalla.viewmapper.connect;

import dev.kalla.viewmapper.json.Json;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * test://NAME — datasets bundled in the jar (/datasets/NAME.json), plus
 * {@code generated_warehouse}, which is generated in code because 10,000 views would bloat the jar
 * ({@code generated_warehouse?views=N} generates N views the same way).
 * Upstream ViewMapper's dataset names are never answered with other content: they fail with a
 * message that says how to load upstream's own file through file://.
 */
final class TestDatasetSource implements ViewSource {
    static final List<String> BUNDLED = List.of("kalla_ecommerce", "analytics_platform", "generated_warehouse");
    /** The datasets upstream ViewMapper bundles (viewmapper-agent/src/main/resources/datasets/NAME.json). */
    static final List<String> UPSTREAM = List.of("simple_ecommerce", "moderate_analytics", "realistic_bi_warehouse", "complex_enterprise");
    static final String UPSTREAM_REPO = "https://github.com/robfromboulder/viewmapper";
    private static final Map<String, ViewCollection> LOADED = new ConcurrentHashMap<>();

    private final String name;

    TestDatasetSource(String name) {
        this.name = name;
    }

    private ViewCollection collection() throws ConnectionException {
        ViewCollection c = LOADED.get(name);
        if (c != null) return c;
        if (UPSTREAM.contains(name)) throw new ConnectionException("NOT_FOUND", upstreamDatasetMessage(name));
        if (name.equals("generated_warehouse")) {
            c = WarehouseGenerator.generate(WarehouseGenerator.DEFAULT_VIEWS);
        } else if (name.startsWith("generated_warehouse?views=")) {
            // the same generator at another size, for scale tests and the benchmark (100,000 views)
            int views;
            try {
                views = Integer.parseInt(name.substring("generated_warehouse?views=".length()));
            } catch (NumberFormatException e) {
                views = -1;
            }
            if (views < 20 || views > 1_000_000) {
                throw new ConnectionException("BAD_REQUEST", "test://generated_warehouse?views=N takes N from 20 to 1000000");
            }
            c = WarehouseGenerator.generate(views);
        } else {
            try (InputStream in = TestDatasetSource.class.getResourceAsStream("/datasets/" + name + ".json")) {
                if (in == null) {
                    throw new ConnectionException("NOT_FOUND", "unknown test dataset '" + name + "'; available: " + BUNDLED);
                }
                c = ViewCollection.fromJson(Json.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8)), "test", name);
            } catch (IOException e) {
                throw new ConnectionException("CONNECTION_FAILED", "cannot read dataset " + name + ": " + e.getMessage(), e);
            }
        }
        LOADED.put(name, c);
        return c;
    }

    /** Why test://NAME of an upstream dataset fails here, and how to load upstream's file instead. */
    static String upstreamDatasetMessage(String name) {
        return "test://" + name + " is a dataset of upstream ViewMapper, which this engine does not bundle"
                + " (its own samples are " + String.join(", ", BUNDLED.stream().map(b -> "test://" + b).toList()) + ")."
                + " To analyse upstream's " + name + ", save viewmapper-agent/src/main/resources/datasets/" + name + ".json"
                + " from " + UPSTREAM_REPO + " and connect to file:///path/to/" + name + ".json"
                + " (its views are read into catalog local, schema default).";
    }

    @Override
    public List<String> listCatalogs() throws ConnectionException {
        return collection().catalogs();
    }

    @Override
    public List<String> listSchemas(String catalog) throws ConnectionException {
        return collection().schemas(catalog);
    }

    @Override
    public LoadedViews loadViews(String catalog, String schema) throws ConnectionException {
        return collection().select(catalog, schema);
    }

    @Override
    public String freshnessStamp() {
        return "bundled";
    }
}
