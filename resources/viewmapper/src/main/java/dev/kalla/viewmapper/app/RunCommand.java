package dev.kalla.viewmapper.app;

import dev.kalla.viewmapper.json.Json;

import java.io.PrintStream;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * One-shot CLI: {@code run "<question>" --connection C [options]}. Options are read the way
 * upstream ViewMapper's picocli command reads them: {@code --name value} or {@code --name=value},
 * in any order around the question, {@code --} ends the options.
 *
 * <p>Two faces:
 * <ul>
 *   <li>Kalla's (the default): {@code [--catalog K] [--schema S] [--output text|json] [--direction TB]
 *       [--verbose] [--user U] [--password P] [--drivers DIR]}; json prints the whole {@code explain}
 *       result; errors are {@code viewmapper: CODE: message}. Exit 0, 1 (failed request), 2 (bad arguments).</li>
 *   <li>Upstream's ({@code --compat upstream}, or env {@code VIEWMAPPER_COMPAT=upstream}): exactly upstream's
 *       options {@code --connection}, {@code --schema}, {@code --output}, {@code --verbose}; any other
 *       {@code --output} than json (any case) prints text, json prints {@code {"response" : "…"}}; a failed
 *       request prints {@code Error: <message>} on stderr and exits 1; an argument error prints picocli's
 *       wording and the usage on stderr and exits 2.</li>
 * </ul>
 */
public final class RunCommand {
    /** Environment variable that turns upstream compatibility on (the MCP wrapper sets it for VIEWMAPPER_JAR). */
    public static final String COMPAT_ENV = "VIEWMAPPER_COMPAT";

    private static final Set<String> UPSTREAM_VALUE_OPTIONS = Set.of("--connection", "--schema", "--output", "--compat");
    private static final Set<String> KALLA_VALUE_OPTIONS = Set.of("--connection", "--schema", "--output", "--compat",
            "--catalog", "--direction", "--user", "--password", "--drivers");

    private RunCommand() {
    }

    /** Kalla's face unless {@code --compat upstream} is given. */
    public static int run(List<String> args, Engine engine, PrintStream out, PrintStream err) {
        return run(args, engine, out, err, null);
    }

    /** {@code compatDefault} (normally env VIEWMAPPER_COMPAT) chooses the face when no {@code --compat} is given. */
    public static int run(List<String> args, Engine engine, PrintStream out, PrintStream err, String compatDefault) {
        String compat = compatOption(args);
        if (compat == null) compat = compatDefault == null || compatDefault.isBlank() ? "kalla" : compatDefault.trim();
        compat = compat.toLowerCase(Locale.ROOT);
        if (!compat.equals("upstream") && !compat.equals("kalla")) {
            err.println("viewmapper: --compat must be upstream or kalla, not '" + compat + "'");
            return 2;
        }
        boolean upstream = compat.equals("upstream");
        Parsed a;
        try {
            a = parse(args, upstream);
        } catch (IllegalArgumentException e) {
            if (upstream) {
                err.println(e.getMessage());
                err.print(UPSTREAM_USAGE);
            } else {
                err.println("viewmapper: " + e.getMessage());
                err.println(KALLA_USAGE);
            }
            return 2;
        }
        if (a.help) {
            out.print(upstream ? UPSTREAM_USAGE : KALLA_USAGE + "\n");
            return 0;
        }
        if (a.version) {
            out.println("viewmapper " + Engine.VERSION);
            return 0;
        }
        String missing = missing(a);
        if (missing != null) {
            err.println(upstream ? missing : "viewmapper: " + missing);
            err.print(upstream ? UPSTREAM_USAGE : KALLA_USAGE + "\n");
            return 2;
        }
        return upstream ? runUpstream(a, engine, out, err) : runKalla(a, engine, out, err);
    }

    private static final class Parsed {
        String question;
        final Map<String, String> options = new HashMap<>();
        boolean verbose;
        boolean help;
        boolean version;
    }

    /** The value of {@code --compat X} / {@code --compat=X}, read before the real parse (it decides the grammar). */
    private static String compatOption(List<String> args) {
        for (int k = 0; k < args.size(); k++) {
            String a = args.get(k);
            if (a.equals("--")) return null;
            if (a.startsWith("--compat=")) return a.substring("--compat=".length());
            if (a.equals("--compat") && k + 1 < args.size()) return args.get(k + 1);
        }
        return null;
    }

    /** Reads args like picocli does; an IllegalArgumentException carries picocli's wording. */
    private static Parsed parse(List<String> args, boolean upstream) {
        Set<String> valueOptions = upstream ? UPSTREAM_VALUE_OPTIONS : KALLA_VALUE_OPTIONS;
        Parsed p = new Parsed();
        boolean optionsEnded = false;
        for (int k = 0; k < args.size(); k++) {
            String arg = args.get(k);
            if (!optionsEnded && arg.equals("--")) {
                optionsEnded = true;
                continue;
            }
            if (optionsEnded || !arg.startsWith("-") || arg.equals("-")) {
                if (p.question != null) {
                    // "run" is index 0 of what picocli sees.
                    throw new IllegalArgumentException("Unmatched argument at index " + (k + 1) + ": '" + arg + "'");
                }
                p.question = arg;
                continue;
            }
            int eq = arg.startsWith("--") ? arg.indexOf('=') : -1;
            String name = eq < 0 ? arg : arg.substring(0, eq);
            String attached = eq < 0 ? null : arg.substring(eq + 1);
            switch (name) {
                case "--verbose" -> p.verbose = booleanValue(name, attached);
                case "-v" -> {
                    if (upstream) throw new IllegalArgumentException("Unknown option: '" + arg + "'");
                    p.verbose = true;
                }
                case "-h", "--help" -> p.help = booleanValue(name, attached);
                case "-V", "--version" -> p.version = booleanValue(name, attached);
                default -> {
                    if (!valueOptions.contains(name)) throw new IllegalArgumentException("Unknown option: '" + arg + "'");
                    String value = attached;
                    if (value == null) {
                        if (k + 1 >= args.size()) {
                            throw new IllegalArgumentException("Missing required parameter for option '" + name + "' (<" + label(name) + ">)");
                        }
                        value = args.get(++k);
                        String next = value.contains("=") && value.startsWith("--") ? value.substring(0, value.indexOf('=')) : value;
                        if (valueOptions.contains(next) || Set.of("--verbose", "-h", "--help", "-V", "--version").contains(next)) {
                            throw new IllegalArgumentException("Expected parameter for option '" + name + "' but found '" + value + "'");
                        }
                    }
                    if (p.options.containsKey(name)) {
                        throw new IllegalArgumentException("option '" + name + "' (<" + label(name) + ">) should be specified only once");
                    }
                    p.options.put(name, value);
                }
            }
        }
        return p;
    }

    /** picocli accepts {@code --verbose} and {@code --verbose=true|false}. */
    private static boolean booleanValue(String name, String attached) {
        if (attached == null || attached.equalsIgnoreCase("true")) return true;
        if (attached.equalsIgnoreCase("false")) return false;
        throw new IllegalArgumentException("Invalid value for option '" + name + "': '" + attached + "' is not a boolean");
    }

    private static String label(String option) {
        return option.equals("--output") ? "outputFormat" : option.substring(2);
    }

    /** picocli's wording for a missing --connection and/or question. */
    private static String missing(Parsed a) {
        boolean noConnection = !a.options.containsKey("--connection");
        boolean noQuestion = a.question == null;
        if (noConnection && noQuestion) return "Missing required options and parameters: '--connection=<connection>', '<prompt>'";
        if (noConnection) return "Missing required option: '--connection=<connection>'";
        if (noQuestion) return "Missing required parameter: '<prompt>'";
        return null;
    }

    private static int runKalla(Parsed a, Engine engine, PrintStream out, PrintStream err) {
        String output = a.options.getOrDefault("--output", "text").toLowerCase(Locale.ROOT);
        if (!output.equals("text") && !output.equals("json")) {
            err.println("viewmapper: --output must be text or json");
            return 2;
        }
        Map<String, Object> params = new HashMap<>();
        for (Map.Entry<String, String> e : a.options.entrySet()) {
            if (!e.getKey().equals("--output") && !e.getKey().equals("--compat")) params.put(e.getKey().substring(2), e.getValue());
        }
        params.put("question", a.question);
        long t0 = System.nanoTime();
        try {
            Map<String, Object> result = engine.handle("explain", params);
            out.println(output.equals("json") ? Json.write(result) : text(result));
            if (a.verbose) err.println("viewmapper: intent " + result.get("intent") + ", " + (System.nanoTime() - t0) / 1_000_000 + " ms");
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

    private static int runUpstream(Parsed a, Engine engine, PrintStream out, PrintStream err) {
        String connection = a.options.get("--connection");
        Map<String, Object> params = new HashMap<>();
        params.put("connection", connection);
        params.put("question", a.question);
        String schema = a.options.get("--schema");
        // Upstream ignores --schema for test:// datasets and reads "catalog.schema" for JDBC.
        if (schema != null && !schema.isBlank() && !connection.startsWith("test://")) {
            int dot = schema.indexOf('.');
            if (dot > 0) {
                params.put("catalog", schema.substring(0, dot));
                params.put("schema", schema.substring(dot + 1));
            } else {
                params.put("schema", schema);
            }
        }
        String output = a.options.getOrDefault("--output", "text");
        long t0 = System.nanoTime();
        try {
            Map<String, Object> result = engine.handle("explain", params);
            String response = text(result);
            if (a.verbose) err.println("Writing output with format: " + output);
            // Jackson's default pretty printer, as upstream writes it.
            out.println("json".equalsIgnoreCase(output) ? "{\n  \"response\" : " + Json.write(response) + "\n}" : response);
            if (a.verbose) err.println("viewmapper: intent " + result.get("intent") + ", " + (System.nanoTime() - t0) / 1_000_000 + " ms");
            return 0;
        } catch (RuntimeException e) {
            err.println("Error: " + e.getMessage());
            return 1;
        }
    }

    /** The answer, followed by a ```mermaid block when there is a diagram. */
    private static String text(Map<String, Object> result) {
        Object mermaid = result.get("mermaid");
        return mermaid == null ? String.valueOf(result.get("answer")) : result.get("answer") + "\n\n```mermaid\n" + mermaid + "```";
    }

    static final String KALLA_USAGE = "usage: viewmapper run \"<question>\" --connection test://NAME|file://PATH|jdbc:... "
            + "[--catalog C] [--schema S] [--output text|json] [--direction TB|LR|BT|RL] [--verbose] "
            + "[--user U] [--password P] [--drivers DIR] [--compat upstream|kalla]";

    static final String UPSTREAM_USAGE = """
            Usage: viewmapper run [--verbose] --connection=<connection> [--output=<outputFormat>]
                                  [--schema=<schema>] <prompt>
            Answer a question about the views of a connection (upstream ViewMapper's run contract)
                  <prompt>          The question about the schema
                  --connection=<connection>
                                    test://<dataset_name>, file://<path> or jdbc:<...>
                  --output=<outputFormat>
                                    text (default) or json
                  --schema=<schema> Schema to analyse (catalog.schema or schema)
                  --verbose         Show debugging information on stderr
            """;
}
