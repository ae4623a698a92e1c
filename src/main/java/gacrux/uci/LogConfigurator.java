package gacrux.uci;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
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
 */
public final class LogConfigurator extends ContextAwareBase implements Configurator {
    static final String PATTERN = "%d{HH:mm:ss.SSS} [%thread] %-5level %logger{24} - %msg%n";

    @Override
    public void configure(LoggerContext context) {
        PatternLayoutEncoder encoder = new PatternLayoutEncoder();
        encoder.setContext(context);
        encoder.setPattern(PATTERN);
        encoder.start();
        ConsoleAppender<ILoggingEvent> stderr = new ConsoleAppender<>();
        stderr.setContext(context);
        stderr.setName("STDERR");
        stderr.setTarget("System.err");
        stderr.setEncoder(encoder);
        stderr.start();
        ch.qos.logback.classic.Logger root = context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        root.setLevel(Level.WARN);
        root.addAppender(stderr);
        context.getLogger("gacrux.dts.protocol").setLevel(Level.INFO);
    }
}
