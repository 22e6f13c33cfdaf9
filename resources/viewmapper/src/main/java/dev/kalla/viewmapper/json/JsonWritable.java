package dev.kalla.viewmapper.json;

/** Domain objects expose a JSON-ready shape (maps, lists, strings, numbers). */
public interface JsonWritable {
    Object toJson();
}
