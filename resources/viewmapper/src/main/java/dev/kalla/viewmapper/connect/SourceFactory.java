package dev.kalla.viewmapper.connect;

/** Picks the source implementation from the connection string's scheme. */
public final class SourceFactory {
    private SourceFactory() {
    }

    public static ViewSource open(String connection, ConnectionOptions options) throws ConnectionException {
        if (connection == null || connection.isBlank()) {
            throw new ConnectionException("BAD_REQUEST", "connection is required (test://NAME, file://PATH or jdbc:...)");
        }
        if (connection.startsWith("test://")) return new TestDatasetSource(connection.substring("test://".length()));
        if (connection.startsWith("file://")) return new FileSource(connection.substring("file://".length()));
        if (connection.startsWith("jdbc:")) return new JdbcSource(connection, options);
        throw new ConnectionException("BAD_REQUEST", "unsupported connection '" + connection
                + "': use test://NAME, file://PATH or jdbc:...");
    }
}
