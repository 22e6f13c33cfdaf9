package dev.kalla.viewmapper.connect;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Loads the real PostgreSQL driver jar from a folder, through the DriverShim. */
class DriverLoaderTest {
    private static final Path PG_JAR = Path.of("/usr/share/java/postgresql.jar");

    @TempDir
    Path drivers;

    @Test
    void driverFromAFolderIsVisibleToDriverManager() throws Exception {
        assumeTrue(Files.exists(PG_JAR), "libpostgresql-jdbc-java not installed");
        Files.copy(PG_JAR, drivers.resolve("postgresql.jar"));
        Files.writeString(drivers.resolve("broken.jar"), "not a jar"); // must not block the others
        var loaded = DriverLoader.load(drivers.toString());
        assertTrue(loaded.contains("org.postgresql.Driver"), loaded.toString());
        assertEquals(DriverShim.class, DriverManager.getDriver("jdbc:postgresql://127.0.0.1:1/x").getClass());
        // the driver class itself is not on the application class path
        assertThrows(ClassNotFoundException.class, () -> Class.forName("org.postgresql.Driver"));
    }

    @Test
    void missingFolderIsABadRequest() {
        ConnectionException e = assertThrows(ConnectionException.class, () -> DriverLoader.load(drivers.resolve("nope").toString()));
        assertEquals("BAD_REQUEST", e.code());
    }
}
