package org.nowemu.actors.config;

import com.typesafe.config.ConfigRenderOptions;
import com.typesafe.config.ConfigValue;
import java.util.Locale;

/** Configuration values and their kinds as messages say them: in words, not Typesafe Config's type names. */
final class Values {
    private Values() {
    }

    /** A value as given, with its kind where the text alone would not tell: {@code '2.5' (a text)}, {@code [1, 2]}. */
    static String describe(ConfigValue v) {
        String text = v.render(ConfigRenderOptions.concise());
        return switch (v.valueType()) {
            case STRING -> "'" + v.unwrapped() + "'" + (looksLikeNumber((String) v.unwrapped()) ? " (a text)" : "");
            case LIST -> "a list " + text;
            case OBJECT -> "an object " + text;
            case NULL -> "null";
            default -> text;
        };
    }

    /** Typesafe Config's type name ({@code NUMBER}, {@code list of STRING}) in words. */
    static String kind(String typeName) {
        String t = typeName.trim().toUpperCase(Locale.ROOT);
        if (t.startsWith("LIST OF ")) {
            return "a list of " + plural(t.substring(8));
        }
        return switch (t) {
            case "NUMBER" -> "a number";
            case "STRING" -> "a text";
            case "BOOLEAN" -> "true or false";
            case "LIST" -> "a list [...]";
            case "OBJECT" -> "an object {...}";
            case "NULL" -> "null";
            default -> typeName.toLowerCase(Locale.ROOT);
        };
    }

    private static String plural(String t) {
        return switch (t) {
            case "NUMBER" -> "numbers";
            case "STRING" -> "texts";
            case "BOOLEAN" -> "true or false values";
            case "OBJECT" -> "objects";
            default -> t.toLowerCase(Locale.ROOT) + "s";
        };
    }

    private static boolean looksLikeNumber(String s) {
        return s.trim().matches("[-+]?[0-9.]+([eE][-+]?[0-9]+)?");
    }
}
