package dev.kalla.viewmapper.app;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** file:// graphs are cached, and rebuilt when a file changes on disk. */
class FileConnectionCacheTest {
    @TempDir
    Path dir;

    @Test
    void editingAFileInvalidatesTheCachedGraph() throws Exception {
        Path v = dir.resolve("b.sql");
        Files.writeString(dir.resolve("a.sql"), "SELECT * FROM raw.t");
        Files.writeString(v, "SELECT * FROM a");
        String analyze = "{\"id\":%d,\"method\":\"analyze\",\"params\":{\"connection\":\"file://" + dir + "\"}}";
        var first = ServeProtocolTest.serve(String.format(analyze, 1), String.format(analyze, 2));
        assertEquals(2L, ServeProtocolTest.result(first.get(0)).get("edgeCount"));
        assertEquals(true, ServeProtocolTest.result(first.get(1)).get("cached"));

        Engine engine = new Engine(new dev.kalla.viewmapper.connect.ConnectionOptions(null, null, null));
        Map<String, Object> params = Map.of("connection", "file://" + dir);
        assertEquals(2, engine.handle("analyze", params).get("edgeCount"));
        Files.writeString(v, "SELECT * FROM a JOIN raw.u ON true");
        Files.setLastModifiedTime(v, FileTime.fromMillis(Files.getLastModifiedTime(v).toMillis() + 5_000));
        Map<String, Object> after = engine.handle("analyze", params);
        assertEquals(3, after.get("edgeCount"));
        assertEquals(false, after.get("cached"));
    }
}
