package dev.kalla.viewmapper.sql;

import java.util.HashSet;
import java.util.Set;

/**
 * The CTE names visible at one point of a query. Scopes chain outwards, so a CTE shadows a
 * table of the same name only inside the query that declared it (and queries nested in it).
 */
final class CteScope {
    private final CteScope parent;
    private final Set<String> names = new HashSet<>();

    CteScope(CteScope parent) {
        this.parent = parent;
    }

    void declare(String name) {
        names.add(name);
    }

    boolean isCte(QualifiedName name) {
        if (name.parts().size() != 1) return false;
        for (CteScope s = this; s != null; s = s.parent) {
            if (s.names.contains(name.last())) return true;
        }
        return false;
    }
}
