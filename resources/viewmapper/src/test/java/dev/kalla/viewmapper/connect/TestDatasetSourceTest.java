package dev.kalla.viewmapper.connect;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TestDatasetSourceTest {
    private static final ConnectionOptions NONE = new ConnectionOptions(null, null, null);

    @TempDir
    Path dir;

    @Test
    void bundledSamplesDoNotReuseUpstreamNames() {
        for (String name : TestDatasetSource.BUNDLED) assertFalse(TestDatasetSource.UPSTREAM.contains(name), name);
        assertTrue(TestDatasetSource.class.getResource("/datasets/simple_ecommerce.json") == null);
    }

    @Test
    void ownShopSampleLoadsUnderItsOwnName() throws Exception {
        LoadedViews v = SourceFactory.open("test://kalla_ecommerce", NONE).loadViews(null, null);
        assertEquals(12, v.views().size());
    }

    @Test
    void upstreamDatasetNamesExplainHowToLoadUpstreamsFile() {
        for (String name : TestDatasetSource.UPSTREAM) {
            ConnectionException e = assertThrows(ConnectionException.class,
                    () -> SourceFactory.open("test://" + name, NONE).loadViews(null, null));
            assertEquals("NOT_FOUND", e.code());
            String m = e.getMessage();
            assertTrue(m.startsWith("test://" + name + " is a dataset of upstream ViewMapper"), m);
            assertTrue(m.contains("viewmapper-agent/src/main/resources/datasets/" + name + ".json"), m);
            assertTrue(m.contains("https://github.com/robfromboulder/viewmapper"), m);
            assertTrue(m.contains("file:///path/to/" + name + ".json"), m);
            assertTrue(m.contains("test://kalla_ecommerce"), m);
        }
    }

    /** What the message promises: a file in upstream's format ({"description","views":[{name,sql}]}) loads through file://. */
    @Test
    void upstreamFormatJsonLoadsThroughFile() throws Exception {
        Path f = dir.resolve("simple_ecommerce.json");
        Files.writeString(f, "{\"description\":\"upstream format\",\"views\":["
                + "{\"name\":\"dim_customers\",\"sql\":\"SELECT customer_id FROM raw.customers\"},"
                + "{\"name\":\"top_customers\",\"sql\":\"SELECT * FROM dim_customers\"}]}");
        LoadedViews v = SourceFactory.open("file://" + f, NONE).loadViews(null, null);
        assertEquals(2, v.views().size());
        assertEquals("local", v.views().get(0).catalog());
        assertEquals("default", v.views().get(0).schema());
    }
}
