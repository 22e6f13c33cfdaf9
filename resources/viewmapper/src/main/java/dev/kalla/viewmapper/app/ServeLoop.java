package dev.kalla.viewmapper.app;

import dev.kalla.viewmapper.json.Json;
import dev.kalla.viewmapper.json.JsonException;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * serve mode: one JSON request per stdin line, one JSON response per stdout line, matched by
 * id. Requests run on a small worker pool so a slow load (a large warehouse, a remote
 * database) does not hold up quick questions; responses are written whole, one line each, as
 * they complete. stdout carries nothing else (logs go to stderr) and no request can end the
 * loop; only EOF on stdin does, after in-flight requests have been answered.
 */
public final class ServeLoop {
    private final Engine engine;
    private final BufferedReader in;
    private final PrintStream out;
    private final PrintStream log;

    public ServeLoop(Engine engine, BufferedReader in, PrintStream out, PrintStream log) {
        this.engine = engine;
        this.in = in;
        this.out = out;
        this.log = log;
    }

    public void run() throws IOException {
        run(1);
    }

    /** workers = 1 answers strictly in request order (used by tests); more allows overlap. */
    public void run(int workers) throws IOException {
        ExecutorService pool = Executors.newFixedThreadPool(workers, r -> {
            Thread t = new Thread(r, "viewmapper-worker");
            t.setDaemon(true);
            return t;
        });
        try {
            String line;
            while ((line = in.readLine()) != null) {
                if (line.isBlank()) continue;
                String request = line;
                pool.execute(() -> write(Json.write(respond(request))));
            }
        } finally {
            pool.shutdown();
            try {
                pool.awaitTermination(10, TimeUnit.MINUTES);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void write(String line) {
        synchronized (out) {
            out.println(line);
            out.flush();
        }
    }

    Map<String, Object> respond(String line) {
        Object id = null;
        long t0 = System.nanoTime();
        String method = "?";
        try {
            Object parsed = Json.parse(line);
            if (!(parsed instanceof Map<?, ?> request)) return error(null, "BAD_REQUEST", "a request must be a JSON object");
            id = request.get("id");
            if (!(request.get("method") instanceof String m)) return error(id, "BAD_REQUEST", "\"method\" must be a string");
            method = m;
            Object params = request.get("params");
            if (params != null && !(params instanceof Map)) return error(id, "BAD_REQUEST", "\"params\" must be an object");
            @SuppressWarnings("unchecked")
            Map<String, Object> result = engine.handle(m, (Map<String, Object>) params);
            Map<String, Object> response = new LinkedHashMap<>();
            response.put("id", id);
            response.put("result", result);
            return response;
        } catch (JsonException e) {
            return error(null, "BAD_JSON", "request is not valid JSON: " + e.getMessage());
        } catch (RequestException e) {
            return error(id, e.code(), e.getMessage());
        } catch (RuntimeException | Error e) {
            // Any failure answers the request; a thrown Error must not leave the caller waiting forever.
            log.println("viewmapper: internal error in " + method + ": " + e);
            return error(id, "INTERNAL", e.toString());
        } finally {
            log.println("viewmapper: " + method + " " + (System.nanoTime() - t0) / 1_000_000 + " ms");
        }
    }

    private static Map<String, Object> error(Object id, String code, String message) {
        Map<String, Object> e = new LinkedHashMap<>();
        e.put("code", code);
        e.put("message", message);
        Map<String, Object> response = new LinkedHashMap<>();
        response.put("id", id);
        response.put("error", e);
        return response;
    }
}
