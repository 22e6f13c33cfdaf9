package dev.kalla.viewmapper.connect;

import dev.kalla.viewmapper.graph.ViewDefinition;
import dev.kalla.viewmapper.sql.IdentifierCase;

import java.util.List;

/** What a connection delivers: the views plus the naming context to resolve references in. */
public record LoadedViews(List<ViewDefinition> views, String defaultCatalog, String defaultSchema,
                          IdentifierCase identifierCase) {
}
