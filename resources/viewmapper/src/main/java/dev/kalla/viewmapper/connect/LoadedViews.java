package dev.kalla.viewmapper.connect;

import dev.kalla.viewmapper.graph.ObjectName;
import java.util.Map;

import dev.kalla.viewmapper.graph.ViewDefinition;
import dev.kalla.viewmapper.sql.IdentifierCase;

import java.util.List;

/**
 * What a connection delivers: the views plus the naming context to resolve references in, and the
 * columns of tables where the source lists them (information_schema.columns, CREATE TABLE in a
 * .sql file, "tables" in a views.json); column lineage expands {@code *} and resolves bare names
 * with them.
 */
public record LoadedViews(List<ViewDefinition> views, String defaultCatalog, String defaultSchema,
                          IdentifierCase identifierCase, Map<ObjectName, List<String>> tableColumns) {
    public LoadedViews(List<ViewDefinition> views, String defaultCatalog, String defaultSchema, IdentifierCase identifierCase) {
        this(views, defaultCatalog, defaultSchema, identifierCase, Map.of());
    }
}
