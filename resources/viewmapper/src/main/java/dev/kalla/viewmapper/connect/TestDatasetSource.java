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
 * {@code generated_warehouse}, which is generated in code because 10,000 views would bloat the jar.
 */
final class TestDatasetSource implements ViewSource {
    static final List<String> BUNDLED = List.of("simple_ecommerce", "analytics_platform", "generated_warehouse");
    private static final Map<String, ViewCollection> LOADED = new ConcurrentHashMap<>();

    private final String name;

    TestDatasetSource(String name) {
        this.name = name;
    }

    private ViewCollection collection() throws ConnectionException {
        ViewCollection c = LOADED.get(name);
        if (c != null) return c;
        if (name.equals("generated_warehouse")) {
            c = WarehouseGenerator.generate(WarehouseGenerator.DEFAULT_VIEWS);
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
