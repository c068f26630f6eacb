package org.nowemu.actors.wire;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import java.nio.ByteBuffer;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/** An HdrHistogram in its own compressed encoding (field-by-field copying would carry its caches too). */
final class HistogramSerializer extends Serializer<Histogram> {
    HistogramSerializer() {
        super(false, true);
    }

    @Override
    public void write(Kryo kryo, Output output, Histogram h) {
        ByteBuffer b = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
        int n = h.encodeIntoCompressedByteBuffer(b);
        output.writeVarInt(n, true);
        output.writeBytes(b.array(), 0, n);
    }

    @Override
    public Histogram read(Kryo kryo, Input input, Class<? extends Histogram> type) {
        int n = input.readVarInt(true);
        try {
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(input.readBytes(n)), 0);
        } catch (DataFormatException e) {
            throw new IllegalArgumentException("a histogram on the wire is corrupt: " + e.getMessage(), e);
        }
    }
}
