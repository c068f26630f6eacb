package org.nowemu.actors.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import org.junit.jupiter.api.Test;
import org.nowemu.actors.config.BadInputException;

/** The lane and planner settings: read with their units, defaults as documented, bad values named. */
class RuntimeSettingsTest {

    private static Config with(String hocon) {
        return ConfigFactory.parseString(hocon).withFallback(ConfigFactory.load());
    }

    @Test
    void defaultsAreTheDocumentedOnes() {
        RuntimeSettings s = RuntimeSettings.from(ConfigFactory.load());
        assertEquals(0, s.threads()); // the planner chooses
        assertEquals(10, s.idleCpuLevel());
        assertEquals(20_000L, s.spinNs()); // level 10 x 2us
        assertEquals(RuntimeSettings.DEFAULT_PLANNER, s.planner());
        // ns; 0: measured. The clock's watch at 0.75, three stretches in a row; trials of the lanes every million
        // events while one lane runs, waiting while the JIT compiler takes more than half a core.
        assertEquals(new Planner(50_000, 0, 300_000, 0, 1.2, 0, 0.75, 3, 1_000_000, 0.5), s.planner());
    }

    @Test
    void unitsAreRead() {
        Planner p = RuntimeSettings.from(with("nowemu.runtime.planner { pilot-events = 7, barrier-cost = 1500ns,"
                + " member-barrier-cost = 1ms, event-cost = 250ns, min-speedup = 2, cores = 4, watch-floor = 0.5,"
                + " watch-stretches = 2, retry-events = 0, compiler-busy = 0.25 }")).planner();
        assertEquals(new Planner(7, 1_500, 1_000_000, 250, 2, 4, 0.5, 2, 0, 0.25), p);
        assertEquals(3, RuntimeSettings.from(with("nowemu.runtime.threads = 3")).threads());
    }

    @Test
    void badValuesAreNamed() {
        for (String bad : new String[] {"nowemu.runtime.planner.pilot-events = 0",
            "nowemu.runtime.planner.barrier-cost = -1us", "nowemu.runtime.planner.min-speedup = -1",
            "nowemu.runtime.planner.event-cost = 5", "nowemu.runtime.threads = -1",
            "nowemu.runtime.planner.watch-floor = 1500", "nowemu.runtime.planner.watch-stretches = 0",
            "nowemu.runtime.planner.compiler-busy = -0.5",
            "nowemu.runtime.planner.retry-events = -1"}) {
            String key = bad.substring(0, bad.indexOf(' '));
            String m = assertThrows(BadInputException.class, () -> RuntimeSettings.from(with(bad))).getMessage();
            assertTrue(m.contains(key), m);
        }
    }
}
