package dev.kalla.viewmapper.connect;

import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.stream.Stream;

/** Loads JDBC drivers from every *.jar in a folder, once per folder per process. */
final class DriverLoader {
    private static final Set<Path> LOADED = new HashSet<>();

    private DriverLoader() {
    }

    static synchronized List<String> load(String folder) throws ConnectionException {
        List<String> names = new ArrayList<>();
        if (folder == null) return names;
        Path dir = Paths.get(folder).toAbsolutePath().normalize();
        if (LOADED.contains(dir)) return names;
        if (!Files.isDirectory(dir)) throw new ConnectionException("BAD_REQUEST", "drivers folder not found: " + dir);
        List<URL> jars = new ArrayList<>();
        try (Stream<Path> s = Files.list(dir)) {
            for (Path p : s.filter(p -> p.toString().endsWith(".jar")).sorted().toList()) jars.add(p.toUri().toURL());
        } catch (IOException e) {
            throw new ConnectionException("CONNECTION_FAILED", "cannot list drivers folder " + dir + ": " + e.getMessage(), e);
        }
        URLClassLoader loader = new URLClassLoader(jars.toArray(URL[]::new), DriverLoader.class.getClassLoader());
        var it = ServiceLoader.load(Driver.class, loader).iterator();
        while (true) {
            try {
                if (!it.hasNext()) break;
                Driver d = it.next();
                DriverManager.registerDriver(new DriverShim(d));
                names.add(d.getClass().getName());
            } catch (ServiceConfigurationError | SQLException e) {
                // One broken jar in a shared folder (e.g. /usr/share/java) must not block the others.
                System.err.println("viewmapper: skipped a driver: " + e.getMessage());
            }
        }
        LOADED.add(dir);
        return names;
    }
}
