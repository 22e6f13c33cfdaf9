package dev.kalla.viewmapper.connect;

/** A connection could not be opened or read; code is the protocol error code. */
public class ConnectionException extends Exception {
    private final String code;

    public ConnectionException(String code, String message) {
        super(message);
        this.code = code;
    }

    public ConnectionException(String code, String message, Throwable cause) {
        super(message, cause);
        this.code = code;
    }

    public String code() {
        return code;
    }
}
