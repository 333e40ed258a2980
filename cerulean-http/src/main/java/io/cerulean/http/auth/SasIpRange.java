package io.cerulean.http.auth;

import static io.cerulean.http.auth.AccountKeySignatures.authenticationFailed;

/**
 * A SAS's {@code sip}: one IPv4 address or an inclusive range {@code a-b}. Requests from any other
 * address, or over IPv6, are refused.
 */
record SasIpRange(long first, long last) {

    static SasIpRange parse(String sip) {
        int dash = sip.indexOf('-');
        long first = ipv4(dash < 0 ? sip : sip.substring(0, dash));
        long last = dash < 0 ? first : ipv4(sip.substring(dash + 1));
        if (first < 0 || last < 0 || last < first) {
            throw authenticationFailed("The signed IP (sip) '" + sip
                    + "' is not an IPv4 address or an ascending range of them.");
        }
        return new SasIpRange(first, last);
    }

    boolean contains(String address) {
        long ip = ipv4(address);
        return ip >= 0 && ip >= first && ip <= last;
    }

    /** The address as an unsigned 32-bit number, or -1 when it is not dotted-quad IPv4. */
    private static long ipv4(String text) {
        String[] parts = text.trim().split("\\.", -1);
        if (parts.length != 4) {
            return -1;
        }
        long value = 0;
        for (String part : parts) {
            if (part.isEmpty() || part.length() > 3 || !part.chars().allMatch(Character::isDigit)) {
                return -1;
            }
            int octet = Integer.parseInt(part);
            if (octet > 255) {
                return -1;
            }
            value = (value << 8) | octet;
        }
        return value;
    }
}
