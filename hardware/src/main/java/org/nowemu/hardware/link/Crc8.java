package org.nowemu.hardware.link;

/**
 * CRC-8 with the polynomial x^8 + x^2 + x + 1 (0x07), the check byte Myrinet appends to every packet. Any
 * single-bit error and any burst of up to 8 bits changes it; other corruptions slip through with probability
 * about 1/256, as on the real hardware.
 */
public final class Crc8 {
    private static final byte[] TABLE = new byte[256];

    static {
        for (int i = 0; i < 256; i++) {
            int c = i;
            for (int b = 0; b < 8; b++) {
                c = (c & 0x80) != 0 ? ((c << 1) ^ 0x07) : (c << 1);
            }
            TABLE[i] = (byte) c;
        }
    }

    private Crc8() {
    }

    public static byte of(byte[] data) {
        int c = 0;
        for (byte d : data) {
            c = TABLE[(c ^ d) & 0xff] & 0xff;
        }
        return (byte) c;
    }
}
