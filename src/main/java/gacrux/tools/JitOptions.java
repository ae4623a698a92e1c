package gacrux.tools;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The JVM options Gacrux runs with, and the relaunch that gives them to a plain {@code java -jar gacrux.jar}.
 *
 * <p>Why: HotSpot's C2 compiles the hot search and evaluation methods with "uncommon traps" on every branch its
 * profile never saw taken; the first position that takes one throws the compiled code away (deoptimization) and
 * the method runs interpreted or in C1 until C2 has compiled it again, up to {@code PerMethodTrapLimit} (100) times per
 * method. The evaluation is one large method with hundreds of rarely taken branches, so in a game, where the positions
 * keep changing, it never settles: replaying one 5+0.05 game's 120 positions at 30,000 nodes each took the search
 * thread 5.2 s of CPU and the compiler threads 6.6 s by default, 3.8 s and 2.2 s with {@code -XX:PerMethodTrapLimit=0}
 * (C2 compiles every branch up front; the same nodes, docs/benchmarks.md "JIT options"). Options cannot be set from
 * inside a running JVM, so {@code java -jar gacrux.jar} starts the engine again in a child JVM with them (its
 * stdin, stdout and stderr are this process's own; this one only waits and passes on the exit code).
 *
 * <p>No relaunch where the options are already chosen: the launcher script and the app image pass them with
 * {@link #MARK}; a command line that sets {@code PerMethodTrapLimit} itself is the user's choice; a class-path launch
 * ({@code java -cp ... gacrux.tools.Main}: tests, tools) runs as it is; {@code GACRUX_NO_RELAUNCH} set to anything
 * turns it off. A relaunch that cannot start runs the engine in this JVM as before.
 */
final class JitOptions {
    private JitOptions() {}

    /** The options themselves (also in scripts/gacrux and the jpackage image's --java-options). */
    static final List<String> OPTIONS = List.of("-XX:PerMethodTrapLimit=0");
    /** System property naming who started the JVM with {@link #OPTIONS}: "relaunch", "script", "app-image". */
    static final String MARK = "gacrux.jit";
    static final String OFF_SWITCH = "GACRUX_NO_RELAUNCH";

    /**
     * The child JVM's command line, or empty to run here. {@code classPath} and {@code command} are this JVM's
     * java.class.path and sun.java.command (a {@code -jar} launch: the class path is the jar and the command starts
     * with it), {@code java} and {@code jvmArgs} its executable and full argument list (options, -jar, the jar, the
     * program's arguments).
     */
    static Optional<List<String>> relaunchCommand(String mark, Map<String, String> env, String classPath, String command,
                                                  Optional<String> java, Optional<String[]> jvmArgs) {
        if (mark != null || env.containsKey(OFF_SWITCH)) return Optional.empty();
        if (classPath == null || command == null || !classPath.endsWith(".jar") || !command.startsWith(classPath))
            return Optional.empty();
        if (java.isEmpty() || jvmArgs.isEmpty()) return Optional.empty();
        List<String> original = List.of(jvmArgs.get());
        if (!original.contains("-jar")) return Optional.empty();
        for (String a : original) {
            if (a.equals("-jar")) break;
            if (a.startsWith("-XX:PerMethodTrapLimit=") || a.startsWith("-D" + MARK + "=")) return Optional.empty();
        }
        List<String> cmd = new ArrayList<>();
        cmd.add(java.get());
        cmd.addAll(OPTIONS);
        cmd.add("-D" + MARK + "=relaunch");
        cmd.addAll(original);
        return Optional.of(cmd);
    }

    /** The jit command: each option's value in this JVM and who set them ("none": a plain launch). Exit code 0. */
    static int report(java.io.PrintStream out) {
        var vm = java.lang.management.ManagementFactory.getPlatformMXBean(com.sun.management.HotSpotDiagnosticMXBean.class);
        StringBuilder line = new StringBuilder();
        for (String o : OPTIONS) {
            String name = o.substring(4, o.indexOf('='));
            line.append(name).append('=').append(vm.getVMOption(name).getValue()).append(' ');
        }
        out.println(line + "launched-by=" + System.getProperty(MARK, "none"));
        return 0;
    }

    /**
     * Runs the program in a child JVM with {@link #OPTIONS} when this one was launched without them by
     * {@code java -jar}; returns its exit code, or -1 when the program is to run in this JVM.
     */
    static int relaunchIfNeeded() {
        ProcessHandle.Info self = ProcessHandle.current().info();
        Optional<List<String>> cmd = relaunchCommand(System.getProperty(MARK), System.getenv(),
                System.getProperty("java.class.path"), System.getProperty("sun.java.command"), self.command(),
                self.arguments());
        if (cmd.isEmpty()) return -1;
        Process child;
        try {
            child = new ProcessBuilder(cmd.get()).inheritIO().start();
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        // Stopped by a signal (a GUI ending the engine): the child goes too. Its stdin is the same pipe, so a GUI
        // that closes it ends the child in any case.
        Thread reaper = new Thread(child::destroy, "gacrux-relaunch-reaper");
        Runtime.getRuntime().addShutdownHook(reaper);
        while (true) {
            try {
                return child.waitFor();
            } catch (InterruptedException e) {
                // keep waiting: the child owns the streams and decides when the program ends
            }
        }
    }
}
