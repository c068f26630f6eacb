package org.nowemu.actors.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import org.junit.jupiter.api.Test;
import org.nowemu.actors.config.BadInputException;

/** The horizon and lane settings: read with their units, defaults as documented, bad values named. */
class RuntimeSettingsTest {

    private static Config with(String hocon) {
        return ConfigFactory.parseString(hocon).withFallback(ConfigFactory.load());
    }

    @Test
    void defaultsAreTheDocumentedOnes() {
        RuntimeSettings s = RuntimeSettings.from(ConfigFactory.load());
        assertEquals(1_000_000L, s.horizonReach()); // 1us in ps
        assertEquals(64, s.horizonSources());
        assertEquals(50_000L, s.laneParkNs()); // 50us in ns
        assertEquals(RuntimeSettings.DEFAULT_HORIZON_REACH, s.horizonReach());
        assertEquals(RuntimeSettings.DEFAULT_LANE_PARK, s.laneParkNs());
        assertEquals(RuntimeSettings.UnitPolicy.GROUP, s.units());
        assertEquals(RuntimeSettings.DEFAULT_UNITS, s.units());
    }

    @Test
    void unitsAreRead() {
        RuntimeSettings s = RuntimeSettings.from(with("nowemu.runtime { horizon.reach = 0ps, horizon.sources = 8, lane-park = 1ms }"));
        assertEquals(0, s.horizonReach());
        assertEquals(8, s.horizonSources());
        assertEquals(1_000_000L, s.laneParkNs());
        assertEquals(RuntimeSettings.UnitPolicy.NONE, RuntimeSettings.from(with("nowemu.runtime.units = none")).units());
    }

    @Test
    void badValuesAreNamed() {
        String m = assertThrows(BadInputException.class,
                () -> RuntimeSettings.from(with("nowemu.runtime.horizon.sources = 0"))).getMessage();
        assertTrue(m.contains("nowemu.runtime.horizon.sources"), m);
        m = assertThrows(BadInputException.class,
                () -> RuntimeSettings.from(with("nowemu.runtime.lane-park = 100ns"))).getMessage();
        assertTrue(m.contains("nowemu.runtime.lane-park"), m);
        m = assertThrows(BadInputException.class,
                () -> RuntimeSettings.from(with("nowemu.runtime.horizon.reach = 5"))).getMessage();
        assertTrue(m.contains("nowemu.runtime.horizon.reach"), m);
        m = assertThrows(BadInputException.class,
                () -> RuntimeSettings.from(with("nowemu.runtime.units = host"))).getMessage();
        assertTrue(m.contains("nowemu.runtime.units") && m.contains("group, node or none"), m);
    }
}
