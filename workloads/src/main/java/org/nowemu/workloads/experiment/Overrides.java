package org.nowemu.workloads.experiment;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigParseOptions;
import java.util.Map;
import org.nowemu.actors.config.BadInputException;

/** One {@code --set key=value} as a configuration layer whose origin names it, for messages. */
final class Overrides {
    private Overrides() {
    }

    static Config parse(String s) {
        int eq = s.indexOf('=');
        if (eq <= 0) {
            throw new BadInputException("--set expects key=value, got '" + s + "'");
        }
        String key = s.substring(0, eq).trim();
        String value = s.substring(eq + 1).trim();
        ConfigParseOptions opts = ConfigParseOptions.defaults().setOriginDescription("--set " + s);
        try {
            return ConfigFactory.parseString(key + " = " + value, opts);
        } catch (ConfigException e) {
            // A value that is not valid HOCON is taken as a plain string, so "--set k=10 parsecs" reaches the
            // key's validation and is reported there with the key's name.
            try {
                return ConfigFactory.parseMap(Map.of(key, value), "--set " + s);
            } catch (ConfigException e2) {
                throw new BadInputException("--set " + s + ": " + e.getMessage());
            }
        }
    }
}
