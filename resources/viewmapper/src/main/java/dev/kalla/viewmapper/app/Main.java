package dev.kalla.viewmapper.app;

import dev.kalla.viewmapper.connect.ConnectionOptions;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Entry point: {@code serve} (JSON lines over stdio) or {@code run "<question>"} (one-shot CLI). */
public final class Main {
    /** Enough to answer questions while one or two loads run; parsing itself is parallel already. */
    private static final int SERVE_WORKERS = 4;
    static final String USAGE = "usage:\n  viewmapper serve [--drivers DIR] [--user U] [--password P]\n"
            + "  viewmapper run \"<question>\" --connection test://NAME|file://PATH|jdbc:... [--catalog C] [--schema S]"
            + " [--output text|json] [--direction TB|LR|BT|RL] [--verbose] [--user U] [--password P] [--drivers DIR]\n"
            + "  viewmapper run --compat upstream ...   upstream ViewMapper's run contract (also env VIEWMAPPER_COMPAT=upstream)\n"
            + "  viewmapper -V | --version | -h | --help";

    private Main() {
    }

    public static void main(String[] argv) throws Exception {
        PrintStream out = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), false, StandardCharsets.UTF_8);
        PrintStream err = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.err), true, StandardCharsets.UTF_8);
        // Anything a library prints must not corrupt the protocol stream.
        System.setOut(err);
        List<String> args = new ArrayList<>(Arrays.asList(argv));
        String command = args.isEmpty() ? "help" : args.remove(0);
        int code;
        switch (command) {
            case "serve" -> {
                String drivers = option(args, "--drivers");
                String user = option(args, "--user");
                String password = option(args, "--password");
                Engine engine = new Engine(ConnectionOptions.of(user, password, drivers));
                err.println("viewmapper " + Engine.VERSION + " serving JSON lines on stdin/stdout");
                new ServeLoop(engine, new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)), out, err)
                        .run(SERVE_WORKERS);
                code = 0;
            }
            // run reads its own --user/--password/--drivers (Kalla's face only); the environment fills the rest.
            case "run" -> code = RunCommand.run(args, new Engine(ConnectionOptions.of(null, null, null)), out, err,
                    System.getenv(RunCommand.COMPAT_ENV));
            case "--version", "-V", "version" -> {
                out.println("viewmapper " + Engine.VERSION);
                code = 0;
            }
            default -> {
                boolean asked = command.equals("help") || command.equals("--help") || command.equals("-h");
                if (!asked) err.println("viewmapper: unknown command '" + command + "'");
                (asked ? out : err).println(USAGE);
                code = asked ? 0 : 2;
            }
        }
        out.flush();
        System.exit(code);
    }

    /** Removes "--name value" from args and returns the value (null when absent). */
    private static String option(List<String> args, String name) {
        int k = args.indexOf(name);
        if (k < 0 || k + 1 >= args.size()) return null;
        args.remove(k);
        return args.remove(k);
    }
}
