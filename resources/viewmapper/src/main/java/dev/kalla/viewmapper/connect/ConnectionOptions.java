package dev.kalla.viewmapper.connect;

/** Credentials and driver location; explicit values win over the VIEWMAPPER_* environment. */
public record ConnectionOptions(String user, String password, String driversDir) {

    public static ConnectionOptions of(String user, String password, String driversDir) {
        return new ConnectionOptions(
                firstNonBlank(user, System.getenv("VIEWMAPPER_USER")),
                firstNonBlank(password, System.getenv("VIEWMAPPER_PASSWORD")),
                firstNonBlank(driversDir, System.getenv("VIEWMAPPER_DRIVERS")));
    }

    private static String firstNonBlank(String a, String b) {
        return a != null && !a.isBlank() ? a : (b != null && !b.isBlank() ? b : null);
    }

    /** Never includes the password: this string ends up in logs and cache keys. */
    @Override
    public String toString() {
        return "user=" + user + ", drivers=" + driversDir;
    }
}
