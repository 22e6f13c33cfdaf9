package dev.kalla.viewmapper.json;

public class JsonException extends RuntimeException {
    public JsonException(String message) {
        super(message);
    }
}
