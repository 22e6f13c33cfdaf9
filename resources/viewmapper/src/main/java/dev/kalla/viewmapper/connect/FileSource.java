package dev.kalla.viewmapper.connect;

import dev.kalla.viewmapper.json.Json;
import dev.kalla.viewmapper.sql.CreateTableParser;
import dev.kalla.viewmapper.json.JsonException;
import dev.kalla.viewmapper.sql.CreateViewSplitter;
import dev.kalla.viewmapper.sql.SourcePosition;
import dev.kalla.viewmapper.sql.SqlParseException;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * file://PATH — a JSON file {"views":[{"name","sql"}]}, a .sql file, or a folder of .sql
 * files. A .sql file either holds CREATE VIEW statements or is one view's query named after
 * the file ({@code sales.orders_daily.sql} → schema sales). Sub-folders name schemas.
 * Unqualified views live in catalog "local", schema "default".
 *
 * <p>Confined: only {@code .sql} and {@code .json} files are read, and in a folder only files
 * whose real path (links resolved) lies inside the folder's real path. Any other file is refused
 * by name before it is opened, so no part of its content can reach an error message.
 */
final class FileSource implements ViewSource {
    static final String CATALOG = "local";
    static final String SCHEMA = "default";

    private final Path path;

    FileSource(String rawPath) {
        this.path = Paths.get(rawPath).toAbsolutePath().normalize();
    }

    private ViewCollection read() throws ConnectionException {
        if (!Files.exists(path)) throw new ConnectionException("NOT_FOUND", "no such file or folder: " + path);
        String lower = path.getFileName() == null ? "" : path.getFileName().toString().toLowerCase(java.util.Locale.ROOT);
        if (!Files.isDirectory(path) && !lower.endsWith(".sql") && !lower.endsWith(".json")) {
            throw new ConnectionException("BAD_SOURCE", "file:// reads only .sql and .json files or a folder of .sql files; "
                    + path.getFileName() + " is neither. Choose the folder holding your view definitions.");
        }
        try {
            Path manifest = dbtManifest(path);
            if (manifest != null) {
                Object json = Json.parse(Files.readString(manifest, StandardCharsets.UTF_8));
                if (DbtManifest.looksLikeManifest(json)) return DbtManifest.read(json, path.relativize(manifest).toString());
            }
            if (Files.isDirectory(path)) {
                ViewCollection c = new ViewCollection(CATALOG, SCHEMA);
                for (Path f : sqlFiles(path)) {
                    Path parent = path.relativize(f).getParent();
                    readSqlFile(f, c, parent == null ? null : parent.getFileName().toString(), path.relativize(f).toString());
                }
                return c;
            }
            String text = Files.readString(path, StandardCharsets.UTF_8);
            String shown = path.getFileName().toString();
            if (path.toString().endsWith(".json") && DbtManifest.looksLikeManifest(Json.parse(text))) return DbtManifest.read(Json.parse(text), shown);
            if (path.toString().endsWith(".json")) return ViewCollection.fromJson(Json.parse(text), CATALOG, SCHEMA, shown);
            ViewCollection c = new ViewCollection(CATALOG, SCHEMA);
            readSqlFile(path, c, null, shown);
            return c;
        } catch (IOException e) {
            throw new ConnectionException("CONNECTION_FAILED", "cannot read " + path + ": " + e.getMessage(), e);
        } catch (JsonException e) {
            throw new ConnectionException("BAD_SOURCE", "invalid JSON in " + path + ": " + e.getMessage(), e);
        }
    }

    /**
     * A dbt project's manifest when the chosen folder is its {@code target/} (holds manifest.json)
     * or the project itself (holds target/manifest.json); null otherwise. The project's own
     * models/*.sql are Jinja templates, so the compiled SQL in the manifest is read instead.
     */
    private static Path dbtManifest(Path dir) throws IOException, ConnectionException {
        if (!Files.isDirectory(dir)) return null;
        for (Path candidate : List.of(dir.resolve("manifest.json"), dir.resolve("target").resolve("manifest.json"))) {
            if (!Files.isRegularFile(candidate)) continue;
            if (!candidate.toRealPath().startsWith(dir.toRealPath())) {
                throw new ConnectionException("BAD_SOURCE", dir.relativize(candidate) + " links to a file outside " + dir
                        + "; file:// reads only files inside the chosen folder.");
            }
            return candidate;
        }
        return null;
    }

    /** {@code shown} is the file's name relative to the chosen folder, used in parse errors. */
    private static void readSqlFile(Path f, ViewCollection c, String schemaFolder, String shown) throws IOException, ConnectionException {
        String text = Files.readString(f, StandardCharsets.UTF_8);
        String prefix = schemaFolder == null ? "" : quote(schemaFolder) + ".";
        try {
            if (CreateViewSplitter.containsCreateView(text)) {
                var declared = new java.util.LinkedHashMap<dev.kalla.viewmapper.sql.QualifiedName, List<String>>();
                for (var t : CreateTableParser.parse(text, ViewCollection.CASE)) {
                    var p = t.name().parts();
                    c.addTable(p.size() == 1 && schemaFolder != null ? prefix + quote(p.get(0)) : joinQuoted(p), t.columns());
                    declared.put(t.name(), t.columns());
                }
                // INSERT, CTAS, MERGE and materialized views define their target like a view does.
                for (var s : CreateViewSplitter.split(text, ViewCollection.CASE, declared)) {
                    var p = s.name().parts();
                    SourcePosition start = SourcePosition.of(text, s.offset());
                    if (p.size() == 1 && schemaFolder != null) c.add(prefix + quote(p.get(0)), s.query(), shown, start);
                    else c.add(joinQuoted(p), s.query(), shown, start);
                }
                return;
            }
        } catch (SqlParseException e) {
            // Unreadable script: keep it as one view so the failure is reported against its name.
        }
        String name = f.getFileName().toString().replaceFirst("(?i)\\.sql$", "");
        c.add(schemaFolder == null ? name : prefix + name, text, shown, new SourcePosition(1, 1));
    }

    private static String quote(String part) {
        return "\"" + part.replace("\"", "\"\"") + "\"";
    }

    private static String joinQuoted(List<String> parts) {
        List<String> q = new ArrayList<>();
        for (String p : parts) q.add(quote(p));
        return String.join(".", q);
    }

    private static List<Path> sqlFiles(Path dir) throws IOException, ConnectionException {
        Path root = dir.toRealPath();
        List<Path> candidates;
        try (Stream<Path> s = Files.walk(dir, 2)) {
            candidates = s.filter(p -> Files.isRegularFile(p) && p.toString().toLowerCase(java.util.Locale.ROOT).endsWith(".sql"))
                    .sorted().toList();
        }
        for (Path p : candidates) {
            // Files.walk does not follow links into folders, but a linked file is "regular":
            // refuse one that points outside the folder instead of reading it.
            if (!p.toRealPath().startsWith(root)) {
                throw new ConnectionException("BAD_SOURCE", dir.relativize(p) + " links to a file outside " + dir
                        + "; file:// reads only files inside the chosen folder. Copy the file in or remove the link.");
            }
        }
        return candidates;
    }

    @Override
    public List<String> listCatalogs() throws ConnectionException {
        return read().catalogs();
    }

    @Override
    public List<String> listSchemas(String catalog) throws ConnectionException {
        return read().schemas(catalog);
    }

    @Override
    public LoadedViews loadViews(String catalog, String schema) throws ConnectionException {
        return read().select(catalog, schema);
    }

    /** Sizes and modification times of every file read, so any edit invalidates the cache. */
    @Override
    public String freshnessStamp() {
        try {
            if (!Files.exists(path)) return "missing";
            Path manifest = dbtManifest(path);
            List<Path> files = manifest != null ? List.of(manifest) : Files.isDirectory(path) ? sqlFiles(path) : List.of(path);
            StringBuilder b = new StringBuilder();
            for (Path f : files) {
                b.append(f).append(':').append(Files.getLastModifiedTime(f).toMillis()).append(':').append(Files.size(f)).append(';');
            }
            return Integer.toHexString(b.toString().hashCode()) + "/" + files.size();
        } catch (IOException | ConnectionException e) {
            return "error:" + System.nanoTime();
        }
    }
}
