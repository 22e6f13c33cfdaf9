package dev.kalla.viewmapper.connect;

import java.util.List;

/** A place views come from: bundled dataset, files, or a database over JDBC. */
public interface ViewSource {
    List<String> listCatalogs() throws ConnectionException;

    List<String> listSchemas(String catalog) throws ConnectionException;

    /** Views of a catalog/schema; null means all of them. */
    LoadedViews loadViews(String catalog, String schema) throws ConnectionException;

    /**
     * Changes whenever the underlying views may have changed (file mtimes); null when the
     * source cannot tell cheaply, in which case callers refresh on request only.
     */
    String freshnessStamp();
}
