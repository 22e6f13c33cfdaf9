package dev.kalla.viewmapper.app;

import dev.kalla.viewmapper.json.Json;

import java.io.PrintStream;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Upstream-compatible one-shot CLI:
 * {@code run "<question>" --connection C [--catalog K] [--schema S] [--output text|json] [--direction TB] [--verbose]}.
 * Exit code 0 on success, 1 on a failed request, 2 on bad arguments.
 */
public final class RunCommand {
    private RunCommand() {
    }

    public static int run(List<String> args, Engine engine, PrintStream out, PrintStream err) {
        Map<String, Object> params = new HashMap<>();
        String question = null;
        String output = "text";
        boolean verbose = false;
        for (int k = 0; k < args.size(); k++) {
            String a = args.get(k);
            switch (a) {
                case "--verbose", "-v" -> verbose = true;
                case "--connection", "--catalog", "--schema", "--output", "--direction", "--user", "--password", "--drivers" -> {
                    if (k + 1 >= args.size()) {
                        err.println("viewmapper: " + a + " needs a value");
                        return 2;
                    }
                    String v = args.get(++k);
                    if (a.equals("--output")) output = v;
                    else params.put(a.substring(2), v);
                }
                default -> {
                    if (a.startsWith("--")) {
                        err.println("viewmapper: unknown option " + a);
                        return 2;
                    }
                    if (question != null) {
                        err.println("viewmapper: only one question is allowed (quote it)");
                        return 2;
                    }
                    question = a;
                }
            }
        }
        if (question == null || !params.containsKey("connection")) {
            err.println("usage: viewmapper run \"<question>\" --connection test://NAME|file://PATH|jdbc:... "
                    + "[--schema S] [--output text|json] [--verbose]");
            return 2;
        }
        if (!output.equals("text") && !output.equals("json")) {
            err.println("viewmapper: --output must be text or json");
            return 2;
        }
        params.put("question", question);
        long t0 = System.nanoTime();
        try {
            Map<String, Object> result = engine.handle("explain", params);
            if (output.equals("json")) {
                out.println(Json.write(result));
            } else {
                Object mermaid = result.get("mermaid");
                out.println(mermaid == null ? result.get("answer") : result.get("answer") + "\n\n```mermaid\n" + mermaid + "```");
            }
            if (verbose) err.println("viewmapper: intent " + result.get("intent") + ", " + (System.nanoTime() - t0) / 1_000_000 + " ms");
            return 0;
        } catch (RequestException e) {
            if (output.equals("json")) {
                Map<String, Object> error = new LinkedHashMap<>();
                error.put("code", e.code());
                error.put("message", e.getMessage());
                out.println(Json.write(Map.of("error", error)));
            }
            err.println("viewmapper: " + e.code() + ": " + e.getMessage());
            return 1;
        }
    }
}
