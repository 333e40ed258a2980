package io.cerulean.app;

import java.util.Arrays;

/**
 * Base64 as Node.js decodes it with {@code Buffer.from(text, "base64")}, which is how Azurite reads
 * the keys in {@code AZURITE_ACCOUNTS}: never an error, whatever the text.
 * <ul>
 * <li>Both alphabets: {@code +} and {@code -} are 62, {@code /} and {@code _} are 63.</li>
 * <li>Each character counts by the low byte of its UTF-16 code unit ({@code Ł}, U+0141, reads as
 * {@code A}), as Node's decoder casts it.</li>
 * <li>Any other character (whitespace, {@code *}, {@code é}) is skipped; decoding stops at the first
 * {@code =}, wherever it stands.</li>
 * <li>Characters are read in groups of four from the first one kept: every kept character after the
 * first of its group completes one byte, so a group of one adds nothing and the bits left over
 * at the end are dropped.</li>
 * </ul>
 */
final class NodeBase64 {
    private static final byte[] VALUES = new byte[256];

    static {
        Arrays.fill(VALUES, (byte) -1);
        String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        for (int i = 0; i < alphabet.length(); i++) {
            VALUES[alphabet.charAt(i)] = (byte) i;
        }
        VALUES['-'] = 62;
        VALUES['_'] = 63;
    }

    private NodeBase64() {
    }

    static byte[] decode(String text) {
        byte[] out = new byte[text.length() * 3 / 4];
        int written = 0;
        int position = 0; // of the next kept character in its group of four
        int previous = 0;
        for (int i = 0; i < text.length(); i++) {
            int low = text.charAt(i) & 0xFF;
            int value = VALUES[low];
            if (value < 0) {
                if (low == '=') {
                    break;
                }
                continue;
            }
            switch (position) {
                case 1 -> out[written++] = (byte) ((previous & 0x3F) << 2 | (value & 0x30) >> 4);
                case 2 -> out[written++] = (byte) ((previous & 0x0F) << 4 | (value & 0x3C) >> 2);
                case 3 -> out[written++] = (byte) ((previous & 0x03) << 6 | value);
                default -> {
                }
            }
            previous = value;
            position = (position + 1) % 4;
        }
        return Arrays.copyOf(out, written);
    }
}
