package gacrux.uci;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.Context;
import ch.qos.logback.core.spi.ContextAwareBase;

/**
 * Gacrux's logging, set up in code (Logback finds this class through
 * {@code META-INF/services/ch.qos.logback.classic.spi.Configurator}) rather than from a logback.xml: reading XML
 * loads the JDK's XML parser and Logback's Joran, about 230 classes, which cost a GUI 40-60 ms before
 * {@code readyok} (docs/startup.md). A file given with {@code -Dlogback.configurationFile=FILE} still takes
 * precedence (Logback looks for it before it asks this class).
 *
 * <p>What it sets: every line to stderr, since stdout belongs to UCI; each line names its thread (a search
 * worker: gacrux-gacrux.search-dispatcher-N; Akka's classic log events pass through its logger actor, their
 * thread is in %X{sourceThread}); WARN and above, except the DTS protocol log {@code gacrux.dts.protocol} at INFO
 * (DEBUG there turns on the per-search protocol trace, docs/dts-protocol.md).
 *
 * <p>The appender that formats the lines is built at the first event, not at start-up: the pattern's date
 * converter initialises the JDK's locale providers and a date format, work a GUI would wait for before
 * {@code readyok} although most sessions log nothing at WARN (docs/startup.md).
 */
public final class LogConfigurator extends ContextAwareBase implements Configurator {
    static final String PATTERN = "%d{HH:mm:ss.SSS} [%thread] %-5level %logger{24} - %msg%n";

    /**
     * Starts logging, as the engine's start thread does first. Logback's class loader helper asks the security
     * Policy at class initialisation whether it may get class loaders; with no Policy installed, the JDK then
     * reads and parses the java.security and java.policy files, 20-25 ms of interpreted work before
     * {@code readyok} (docs/startup.md). Gacrux runs without a SecurityManager, so the Policy decides nothing else:
     * unless one was asked for (-Djava.security.manager or -Djava.security.policy), an empty Policy is installed
     * first, which answers Logback at once (yes, as the absent SecurityManager would).
     */
    @SuppressWarnings("removal")
    public static void startLogging() {
        if (System.getSecurityManager() == null && System.getProperty("java.security.manager") == null
                && System.getProperty("java.security.policy") == null)
            java.security.Policy.setPolicy(new java.security.Policy() {});
        org.slf4j.LoggerFactory.getILoggerFactory();
    }

    @Override
    public void configure(LoggerContext context) {
        // With a status listener on the context, Logback's binder skips StatusPrinter, whose static date format
        // would initialise the JDK's locale and time-zone data at every start; this listener prints what
        // StatusPrinter would have (Logback's own warnings and errors), and only when there is one.
        context.getStatusManager().add(new WarningsToStderr());
        LazyStderr stderr = new LazyStderr();
        stderr.setContext(context);
        stderr.setName("STDERR");
        stderr.start();
        ch.qos.logback.classic.Logger root = context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        root.setLevel(Level.WARN);
        root.addAppender(stderr);
        context.getLogger("gacrux.dts.protocol").setLevel(Level.INFO);
    }

    /** Logback's own status messages at WARN and above (a bad appender, a broken pattern) to stderr. */
    static final class WarningsToStderr implements ch.qos.logback.core.status.StatusListener {
        @Override
        public void addStatusEvent(ch.qos.logback.core.status.Status status) {
            if (status.getEffectiveLevel() >= ch.qos.logback.core.status.Status.WARN) System.err.println("logback: " + status);
        }
    }

    /** The appender that writes the lines: PATTERN to stderr. */
    static ConsoleAppender<ILoggingEvent> stderr(Context context) {
        PatternLayoutEncoder encoder = new PatternLayoutEncoder();
        encoder.setContext(context);
        encoder.setPattern(PATTERN);
        encoder.start();
        ConsoleAppender<ILoggingEvent> stderr = new ConsoleAppender<>();
        stderr.setContext(context);
        stderr.setName("STDERR-console");
        stderr.setTarget("System.err");
        stderr.setEncoder(encoder);
        stderr.start();
        return stderr;
    }

    /**
     * Builds {@link #stderr} at its first event and hands every event to it. The console appender is created
     * and used under AppenderBase's lock (doAppend is synchronized), so it has one owner at a time; log
     * events are rare (WARN and the protocol log's INFO), so the lock costs nothing that matters.
     */
    static final class LazyStderr extends AppenderBase<ILoggingEvent> {
        private ConsoleAppender<ILoggingEvent> console; // guarded by AppenderBase's lock

        /** Whether the formatting appender has been built (tests). */
        synchronized boolean formatting() { return console != null; }

        @Override
        protected void append(ILoggingEvent event) {
            if (console == null) console = stderr(getContext());
            console.doAppend(event);
        }

        @Override
        public synchronized void stop() {
            if (console != null) console.stop();
            super.stop();
        }
    }
}
