package org.nowemu.actors.config;

/**
 * Bad input from the user: a configuration key or value, a file, a command-line argument. The command line
 * prints its message as one line and exits with code 2, so the message must name what is wrong and where.
 */
public final class BadInputException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public BadInputException(String message) {
        super(message);
    }
}
