package gacrux.uci;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** LogConfigurator: a log line says which thread wrote it, and goes to stderr (stdout belongs to UCI). */
class LogFormatTest {
    @Test
    void aLogLineNamesItsThreadOnStderr() throws Exception {
        PrintStream err = System.err, out = System.out;
        ByteArrayOutputStream errBytes = new ByteArrayOutputStream(), outBytes = new ByteArrayOutputStream();
        System.setErr(new PrintStream(errBytes, true, StandardCharsets.UTF_8));
        System.setOut(new PrintStream(outBytes, true, StandardCharsets.UTF_8));
        try {
            Thread t = new Thread(() -> org.slf4j.LoggerFactory.getLogger("gacrux.logformat").warn("a line from a worker"),
                    "gacrux-test-worker-3");
            t.start();
            t.join();
        } finally {
            System.setErr(err);
            System.setOut(out);
        }
        String logged = errBytes.toString(StandardCharsets.UTF_8);
        assertTrue(logged.contains("[gacrux-test-worker-3] WARN") && logged.contains("a line from a worker"), logged);
        assertTrue(outBytes.toString(StandardCharsets.UTF_8).isEmpty(), "stdout: " + outBytes);
    }

    /**
     * Start-up does no formatting work: the line-formatting appender is built at the first event, and Logback's
     * StatusPrinter (whose static date format loads the JDK's locale data) is not touched when nothing went wrong;
     * a Logback warning still reaches stderr.
     */
    @Test
    void formattingIsBuiltAtTheFirstEventAndLogbackWarningsStillShow() {
        ch.qos.logback.classic.LoggerContext context = new ch.qos.logback.classic.LoggerContext();
        new LogConfigurator().configure(context);
        LogConfigurator.LazyStderr appender = (LogConfigurator.LazyStderr)
                context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME).getAppender("STDERR");
        assertTrue(appender.isStarted() && !appender.formatting(), "formatting built before any event");
        assertTrue(ch.qos.logback.core.status.StatusUtil.contextHasStatusListener(context),
                "no status listener: Logback's binder would run StatusPrinter at start");
        PrintStream err = System.err;
        ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
        System.setErr(new PrintStream(errBytes, true, StandardCharsets.UTF_8));
        try {
            context.getLogger("gacrux.lazy").warn("first event");
            context.getStatusManager().add(new ch.qos.logback.core.status.WarnStatus("a broken appender", this));
        } finally {
            System.setErr(err);
        }
        assertTrue(appender.formatting());
        String logged = errBytes.toString(StandardCharsets.UTF_8);
        assertTrue(logged.contains("WARN  gacrux.lazy - first event"), logged);
        assertTrue(logged.contains("logback: WARN") && logged.contains("a broken appender"), logged);
    }

    /** startLogging installs an empty security Policy first, so Logback's start does not parse java.policy. */
    @Test
    @SuppressWarnings("removal")
    void startLoggingSparesThePolicyFiles() {
        LogConfigurator.startLogging();
        String policy = java.security.Policy.getPolicy().getClass().getName();
        assertTrue(!policy.equals("sun.security.provider.PolicyFile"), policy);
        // and logging works
        assertTrue(org.slf4j.LoggerFactory.getILoggerFactory() instanceof ch.qos.logback.classic.LoggerContext);
    }
}
