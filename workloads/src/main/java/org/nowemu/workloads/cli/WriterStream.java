package org.nowemu.workloads.cli;

import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

/** Lets code that prints to a PrintStream write to picocli's PrintWriter. */
final class WriterStream extends OutputStream {
    private final PrintWriter writer;

    WriterStream(PrintWriter writer) {
        this.writer = writer;
    }

    @Override
    public void write(int b) {
        writer.write(b);
    }

    @Override
    public void write(byte[] b, int off, int len) {
        writer.write(new String(b, off, len, StandardCharsets.UTF_8));
    }

    @Override
    public void flush() {
        writer.flush();
    }
}
