package dev.kalla.viewmapper.connect;

import dev.kalla.viewmapper.graph.ObjectName;

import dev.kalla.viewmapper.graph.ViewDefinition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class FileSourceTest {
    @TempDir
    Path dir;

    private static Set<String> names(LoadedViews loaded) {
        return loaded.views().stream().map(v -> v.objectName().toString()).collect(Collectors.toSet());
    }

    @Test
    void folderOfSqlFilesNamesViewsAfterFilesAndSubfolders() throws Exception {
        Files.writeString(dir.resolve("orders_clean.sql"), "SELECT * FROM raw.orders");
        Files.writeString(dir.resolve("sales.daily.sql"), "SELECT * FROM orders_clean");
        Files.createDirectories(dir.resolve("finance"));
        Files.writeString(dir.resolve("finance/revenue.sql"), "SELECT * FROM sales.daily");
        Files.writeString(dir.resolve("notes.txt"), "ignored");
        LoadedViews loaded = SourceFactory.open("file://" + dir, ConnectionOptions.of(null, null, null)).loadViews(null, null);
        assertEquals(Set.of("local.default.orders_clean", "local.sales.daily", "local.finance.revenue"), names(loaded));
        assertEquals("local", loaded.defaultCatalog());
        assertEquals("default", loaded.defaultSchema());
    }

    @Test
    void createViewScriptsYieldOneViewPerStatement() throws Exception {
        Files.writeString(dir.resolve("all.sql"), "CREATE VIEW a AS SELECT * FROM t;\n"
                + "CREATE OR REPLACE VIEW mart.\"Big View\" AS SELECT * FROM a;\n");
        Files.createDirectories(dir.resolve("ops"));
        Files.writeString(dir.resolve("ops/x.sql"), "CREATE VIEW status AS SELECT 1;");
        var source = SourceFactory.open("file://" + dir, ConnectionOptions.of(null, null, null));
        assertEquals(Set.of("local.default.a", "local.mart.\"big view\"", "local.ops.status"), names(source.loadViews(null, null)));
        assertEquals(List.of("default", "mart", "ops"), source.listSchemas(null));
        assertEquals(Set.of("local.mart.\"big view\""), names(source.loadViews(null, "mart")));
    }

    @Test
    void aViewsColumnListInASqlFileNamesItsColumns() throws Exception {
        Files.writeString(dir.resolve("all.sql"), "CREATE TABLE lineitem (l_suppkey bigint, l_quantity double);\n"
                + "CREATE VIEW supplier_volume (supplier, volume) AS\n"
                + "  SELECT l_suppkey, sum(l_quantity) FROM lineitem GROUP BY 1;\n"
                + "CREATE VIEW top AS SELECT supplier FROM supplier_volume;\n");
        LoadedViews loaded = SourceFactory.open("file://" + dir, ConnectionOptions.of(null, null, null)).loadViews(null, null);
        var graph = dev.kalla.viewmapper.graph.GraphBuilder.build(loaded.views(), loaded.identifierCase(),
                loaded.defaultCatalog(), loaded.defaultSchema());
        assertEquals(List.of(), graph.failures());
        var lineage = new dev.kalla.viewmapper.columns.ColumnLineage(graph, loaded.identifierCase(), loaded.tableColumns());
        var vc = lineage.columnsOf(new ObjectName("local", "default", "supplier_volume"));
        assertEquals(List.of("supplier", "volume"), vc.columns().stream().map(c -> c.name()).toList());
        assertEquals("[Origin[relation=local.default.lineitem, column=l_quantity, kind=AGGREGATE, assumed=null]]",
                vc.column("volume").origins().toString());
        var top = lineage.columnsOf(new ObjectName("local", "default", "top"));
        assertEquals(List.of(), top.column("supplier").notes());
        assertEquals(1, top.column("supplier").origins().size());
    }

    @Test
    void aBrokenViewNamesItsFileLineAndColumnAndIsNoLeaf() throws Exception {
        Files.createDirectories(dir.resolve("mart"));
        Files.writeString(dir.resolve("mart/all.sql"), "CREATE VIEW good AS SELECT * FROM t;\n"
                + "-- the next one has a typo\n"
                + "CREATE VIEW bad AS SELECT *\n  FORM users;\n");
        LoadedViews loaded = SourceFactory.open("file://" + dir, ConnectionOptions.of(null, null, null)).loadViews(null, null);
        var graph = dev.kalla.viewmapper.graph.GraphBuilder.build(loaded.views(), loaded.identifierCase(),
                loaded.defaultCatalog(), loaded.defaultSchema());
        assertEquals(1, graph.failures().size());
        assertEquals("expected an operator, ',' or a clause but found 'form' at " + Path.of("mart", "all.sql") + " line 4, column 3",
                graph.failures().get(0).reason());
        var leaves = new dev.kalla.viewmapper.analysis.GraphAnalyzer(graph).leafViews().stream().map(Object::toString).toList();
        assertEquals(List.of("local.mart.good"), leaves);
    }

    @Test
    void otherFilesAreRefusedByNameWithoutEchoingThem() throws Exception {
        Path secret = dir.resolve("notes.txt");
        Files.writeString(secret, "hunter2 is the password");
        var e = assertThrows(ConnectionException.class,
                () -> SourceFactory.open("file://" + secret, ConnectionOptions.of(null, null, null)).loadViews(null, null));
        assertEquals("BAD_SOURCE", e.code());
        org.junit.jupiter.api.Assertions.assertFalse(e.getMessage().contains("hunter2"), e.getMessage());
        org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().contains("only .sql and .json"), e.getMessage());
    }

    @Test
    void aLinkOutOfTheFolderIsRefused(@TempDir Path outside) throws Exception {
        Path secret = outside.resolve("secret.sql");
        Files.writeString(secret, "hunter2 is the password");
        Files.writeString(dir.resolve("ok.sql"), "SELECT * FROM t");
        Files.createSymbolicLink(dir.resolve("escape.sql"), secret);
        var e = assertThrows(ConnectionException.class,
                () -> SourceFactory.open("file://" + dir, ConnectionOptions.of(null, null, null)).loadViews(null, null));
        assertEquals("BAD_SOURCE", e.code());
        org.junit.jupiter.api.Assertions.assertFalse(e.getMessage().contains("hunter2"), e.getMessage());
        org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().contains("escape.sql links to a file outside"), e.getMessage());
        // a link that stays inside the folder is fine
        Files.delete(dir.resolve("escape.sql"));
        Files.createSymbolicLink(dir.resolve("alias.sql"), dir.resolve("ok.sql"));
        assertEquals(Set.of("local.default.ok", "local.default.alias"),
                names(SourceFactory.open("file://" + dir, ConnectionOptions.of(null, null, null)).loadViews(null, null)));
    }

    @Test
    void jsonFileWithViewsArray() throws Exception {
        Path json = dir.resolve("views.json");
        Files.writeString(json, "{\"views\":[{\"name\":\"a\",\"sql\":\"SELECT 1\"},{\"name\":\"s.b\",\"sql\":\"SELECT * FROM a\"},"
                + "{\"name\":\"c\",\"schema\":\"x\",\"sql\":\"SELECT 2\"}]}");
        List<ViewDefinition> views = SourceFactory.open("file://" + json, ConnectionOptions.of(null, null, null)).loadViews(null, null).views();
        assertEquals(List.of("local.default.a", "local.s.b", "local.x.c"), views.stream().map(v -> v.objectName().toString()).toList());
    }

    /** CREATE TABLE statements next to the views give the tables' columns (constraints are not columns). */
    @Test
    void createTableStatementsListTableColumns() throws Exception {
        Files.createDirectories(dir.resolve("raw"));
        Files.writeString(dir.resolve("raw/ddl.sql"), """
                CREATE TABLE orders (id bigint NOT NULL, "Amount" decimal(12, 2), placed_at timestamp(3), PRIMARY KEY (id),
                  CONSTRAINT fk FOREIGN KEY (id) REFERENCES x (id));
                CREATE TABLE IF NOT EXISTS hive.other.fx (ccy varchar(3), rate double);
                CREATE TABLE copy AS SELECT * FROM orders;
                """);
        Files.writeString(dir.resolve("v.sql"), "SELECT * FROM raw.orders");
        LoadedViews loaded = SourceFactory.open("file://" + dir, ConnectionOptions.of(null, null, null)).loadViews(null, null);
        assertEquals(List.of("id", "amount", "placed_at"), loaded.tableColumns().get(new ObjectName("local", "raw", "orders")));
        assertEquals(List.of("ccy", "rate"), loaded.tableColumns().get(new ObjectName("hive", "other", "fx")));
        assertEquals(2, loaded.tableColumns().size());
        // CREATE TABLE … AS SELECT defines its table from a query, as a view does (issue 26).
        assertEquals(Set.of("local.default.v", "local.raw.copy"), names(loaded));
    }

    @Test
    void jsonTablesListTableColumnsAndBadEntriesAreExplained() throws Exception {
        Path json = dir.resolve("views.json");
        Files.writeString(json, "{\"views\":[{\"name\":\"a\",\"sql\":\"SELECT * FROM raw.t\"}],\"tables\":[{\"name\":\"raw.t\",\"columns\":[\"x\",\"Y\"]}]}");
        LoadedViews loaded = SourceFactory.open("file://" + json, ConnectionOptions.of(null, null, null)).loadViews(null, null);
        assertEquals(List.of("x", "y"), loaded.tableColumns().get(new ObjectName("local", "raw", "t")));
        Files.writeString(json, "{\"views\":[],\"tables\":[{\"name\":\"raw.t\",\"columns\":\"x\"}]}");
        var e = assertThrows(ConnectionException.class, () -> SourceFactory.open("file://" + json, ConnectionOptions.of(null, null, null)).loadViews(null, null));
        assertEquals("every entry of \"tables\" needs a string \"name\" and a \"columns\" array of strings", e.getMessage());
    }

    @Test
    void freshnessStampChangesWhenAFileChanges() throws Exception {
        Path f = dir.resolve("v.sql");
        Files.writeString(f, "SELECT 1");
        ViewSource source = SourceFactory.open("file://" + dir, ConnectionOptions.of(null, null, null));
        String before = source.freshnessStamp();
        assertEquals(before, source.freshnessStamp());
        Files.writeString(f, "SELECT 12");
        Files.setLastModifiedTime(f, FileTime.fromMillis(Files.getLastModifiedTime(f).toMillis() + 5_000));
        assertNotEquals(before, source.freshnessStamp());
    }

    @Test
    void missingPathAndBadJsonAreConnectionErrors() throws Exception {
        ConnectionException e = assertThrows(ConnectionException.class,
                () -> SourceFactory.open("file://" + dir.resolve("nope"), ConnectionOptions.of(null, null, null)).loadViews(null, null));
        assertEquals("NOT_FOUND", e.code());
        Path bad = dir.resolve("bad.json");
        Files.writeString(bad, "{\"views\": [");
        e = assertThrows(ConnectionException.class,
                () -> SourceFactory.open("file://" + bad, ConnectionOptions.of(null, null, null)).loadViews(null, null));
        assertEquals("BAD_SOURCE", e.code());
    }

    @Test
    void generatedWarehouseIsDeterministicAndLarge() {
        ViewCollection a = WarehouseGenerator.generate(WarehouseGenerator.DEFAULT_VIEWS);
        ViewCollection b = WarehouseGenerator.generate(WarehouseGenerator.DEFAULT_VIEWS);
        assertEquals(10_000, a.views.size());
        assertEquals(a.views, b.views);
    }

    @Test
    void jdbcWithoutDriverExplainsHowToProvideOne() {
        ConnectionException e = assertThrows(ConnectionException.class,
                () -> SourceFactory.open("jdbc:nosuchdb://localhost/x", new ConnectionOptions("u", "secret-pw", null)).listCatalogs());
        assertEquals("CONNECTION_FAILED", e.code());
        assertEquals(true, e.getMessage().contains("--drivers"));
        assertEquals(false, e.getMessage().contains("secret-pw"));
    }
}
