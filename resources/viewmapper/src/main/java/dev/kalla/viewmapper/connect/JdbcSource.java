package dev.kalla.viewmapper.connect;

import dev.kalla.viewmapper.graph.ObjectName;
import java.util.HashMap;
import java.util.Map;

import dev.kalla.viewmapper.graph.ViewDefinition;
import dev.kalla.viewmapper.sql.IdentifierCase;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * jdbc:... — reads views from information_schema.views through java.sql. Works with Trino's
 * driver (jdbc:trino://) and PostgreSQL's; driver jars come from --drivers / VIEWMAPPER_DRIVERS.
 */
final class JdbcSource implements ViewSource {
    private final String url;
    private final ConnectionOptions options;
    private final boolean trino;

    JdbcSource(String url, ConnectionOptions options) {
        this.url = url;
        this.options = options;
        this.trino = url.startsWith("jdbc:trino:") || url.startsWith("jdbc:presto:");
    }

    private Connection connect() throws ConnectionException {
        DriverLoader.load(options.driversDir());
        Properties props = new Properties();
        if (options.user() != null) props.setProperty("user", options.user());
        if (options.password() != null) props.setProperty("password", options.password());
        try {
            return DriverManager.getConnection(url, props);
        } catch (SQLException e) {
            String hint = e.getMessage() != null && e.getMessage().contains("No suitable driver")
                    ? " (put the driver jar in a folder and pass --drivers DIR or set VIEWMAPPER_DRIVERS)" : "";
            throw new ConnectionException("CONNECTION_FAILED", "cannot connect to " + url + ": " + e.getMessage() + hint, e);
        }
    }

    @Override
    public List<String> listCatalogs() throws ConnectionException {
        try (Connection c = connect(); ResultSet rs = c.getMetaData().getCatalogs()) {
            List<String> out = new ArrayList<>();
            while (rs.next()) out.add(rs.getString(1));
            if (out.isEmpty() && c.getCatalog() != null) out.add(c.getCatalog());
            return out;
        } catch (SQLException e) {
            throw failed("list catalogs", e);
        }
    }

    @Override
    public List<String> listSchemas(String catalog) throws ConnectionException {
        try (Connection c = connect()) {
            DatabaseMetaData md = c.getMetaData();
            // Without a catalog Trino lists the schemas of every catalog; names are de-duplicated.
            java.util.TreeSet<String> out = new java.util.TreeSet<>();
            try (ResultSet rs = md.getSchemas(catalog, null)) {
                while (rs.next()) {
                    String s = rs.getString("TABLE_SCHEM");
                    if (!isSystemSchema(s)) out.add(s);
                }
            }
            return List.copyOf(out);
        } catch (SQLException e) {
            throw failed("list schemas", e);
        }
    }

    @Override
    public LoadedViews loadViews(String catalog, String schema) throws ConnectionException {
        try (Connection c = connect()) {
            String defaultCatalog = catalog != null ? catalog : c.getCatalog();
            String defaultSchema = schema != null ? schema : c.getSchema();
            List<ViewDefinition> views = new ArrayList<>();
            // Trino keeps information_schema per catalog, so it is qualified with the catalog.
            List<String> catalogs = new ArrayList<>();
            if (trino && defaultCatalog == null) {
                for (String cat : listCatalogs()) if (!cat.equals("system")) catalogs.add(cat);
            } else {
                catalogs.add(trino ? defaultCatalog : null);
            }
            for (String cat : catalogs) readViews(c, cat, schema, views);
            Map<ObjectName, List<String>> columns = new HashMap<>();
            for (String cat : catalogs) readColumns(c, cat, columns);
            IdentifierCase idCase = url.startsWith("jdbc:postgresql:") ? IdentifierCase.SQL_STANDARD : IdentifierCase.TRINO;
            return new LoadedViews(views, defaultCatalog == null ? "" : defaultCatalog,
                    defaultSchema == null ? "" : defaultSchema, idCase, columns);
        } catch (SQLException e) {
            throw failed("read views", e);
        }
    }

    private void readViews(Connection c, String catalog, String schema, List<ViewDefinition> out) throws SQLException {
        String from = (catalog != null ? "\"" + catalog.replace("\"", "\"\"") + "\"." : "") + "information_schema.views";
        String sql = "SELECT table_catalog, table_schema, table_name, view_definition FROM " + from
                + " WHERE table_schema NOT IN ('information_schema', 'pg_catalog')"
                + (schema != null ? " AND table_schema = ?" : "")
                + " ORDER BY table_schema, table_name";
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            if (schema != null) ps.setString(1, schema);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    String def = rs.getString(4);
                    // A definition hidden by permissions surfaces as a parse failure naming the view.
                    out.add(new ViewDefinition(rs.getString(1), rs.getString(2), rs.getString(3),
                            def == null ? "-- view definition not visible to this user" : def));
                }
            }
        }
    }

    /** Upper bound on columns read, so a huge warehouse cannot exhaust memory; past it, lineage marks links assumed. */
    private static final int MAX_COLUMNS = 500_000;

    /**
     * Columns of every relation (all schemas: views read tables in other schemas), in order. Optional:
     * a user who may not read information_schema.columns still gets view lineage, with more links
     * marked assumed.
     */
    private void readColumns(Connection c, String catalog, Map<ObjectName, List<String>> out) {
        String from = (catalog != null ? "\"" + catalog.replace("\"", "\"\"") + "\"." : "") + "information_schema.columns";
        String sql = "SELECT table_catalog, table_schema, table_name, column_name FROM " + from
                + " WHERE table_schema NOT IN ('information_schema', 'pg_catalog')"
                + " ORDER BY table_catalog, table_schema, table_name, ordinal_position";
        int n = 0;
        try (PreparedStatement ps = c.prepareStatement(sql); ResultSet rs = ps.executeQuery()) {
            while (rs.next() && n++ < MAX_COLUMNS) {
                out.computeIfAbsent(new ObjectName(rs.getString(1), rs.getString(2), rs.getString(3)), k -> new ArrayList<>()).add(rs.getString(4));
            }
        } catch (SQLException e) {
            // columns are an extra: without them * over a table is passed through and noted
        }
    }

    private static boolean isSystemSchema(String s) {
        return s.equals("information_schema") || s.equals("pg_catalog") || s.startsWith("pg_toast") || s.startsWith("pg_temp");
    }

    private ConnectionException failed(String what, SQLException e) {
        return new ConnectionException("CONNECTION_FAILED", "cannot " + what + " via " + url + ": " + e.getMessage(), e);
    }

    @Override
    public String freshnessStamp() {
        return null;
    }
}
