package dev.kalla.viewmapper.app;

/** A request that cannot be answered; becomes {"error":{"code","message"}} in serve mode. */
public class RequestException extends RuntimeException {
    private final String code;

    public RequestException(String code, String message) {
        super(message);
        this.code = code;
    }

    public String code() {
        return code;
    }
}
