package gacrux.dts;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** DtsSearch.systemConfig: the actor system's configuration, loaded as ConfigFactory.load() would, a bit faster. */
class SystemConfigTest {
    @Test
    void loadsWhatConfigFactoryLoadLoads() {
        ConfigFactory.invalidateCaches();
        assertEquals(ConfigFactory.load().root(), DtsSearch.loadConfig().root());
    }

    @Test
    void keepsApplicationConfAndSizesTheSearchDispatcher() {
        Config c = DtsSearch.systemConfig(7);
        // application.conf (conf/): nothing of Akka's may reach stdout, which belongs to UCI.
        assertEquals("OFF", c.getString("akka.stdout-loglevel"));
        assertEquals(java.util.List.of("akka.event.slf4j.Slf4jLogger"), c.getStringList("akka.loggers"));
        assertEquals(7, c.getInt("gacrux.search-dispatcher.thread-pool-executor.fixed-pool-size"));
        // the reference underneath: a key application.conf does not set
        assertEquals("akka.actor.LightArrayRevolverScheduler", c.getString("akka.scheduler.implementation"));
    }
}
