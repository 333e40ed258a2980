package io.cerulean.common.acl;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A resource's stored access policies (a table's or a queue's ACL): at most five, with distinct
 * ids. Kept by the store as a small versioned byte string next to the resource; the format is the
 * one tables have always been stored with, so it must not change without a new version.
 */
public record AccessPolicies(List<StoredAccessPolicy> policies) {
    /** The services keep at most five signed identifiers per resource. */
    public static final int MAX_POLICIES = 5;
    private static final byte FORMAT_VERSION = 1;

    /** @throws ServiceException InvalidXmlDocument for more than five policies or a repeated id */
    public AccessPolicies {
        policies = List.copyOf(policies);
        if (policies.size() > MAX_POLICIES) {
            // The service answers InvalidXmlDocument here, and the Python SDK relies on that code.
            throw new ServiceException(CommonError.INVALID_XML_DOCUMENT,
                    "There can be at most " + MAX_POLICIES + " signed identifiers; " + policies.size()
                            + " were given.");
        }
        Set<String> ids = new HashSet<>();
        for (StoredAccessPolicy policy : policies) {
            if (!ids.add(policy.id())) {
                throw new ServiceException(CommonError.INVALID_XML_DOCUMENT,
                        "The signed identifier '" + policy.id() + "' appears more than once.");
            }
        }
    }

    public static AccessPolicies empty() {
        return new AccessPolicies(List.of());
    }

    /** The policy a SAS names by {@code si}; ids compare exactly. */
    public Optional<StoredAccessPolicy> find(String id) {
        return policies.stream().filter(p -> p.id().equals(id)).findFirst();
    }

    /**
     * These policies, once every permission they hold is made of letters from {@code permitted}
     * (the service's own: {@code raud} for a table, {@code raup} for a queue).
     *
     * @throws ServiceException InvalidXmlNodeValue naming the first policy with another letter
     */
    public AccessPolicies requirePermissions(String permitted) {
        for (StoredAccessPolicy policy : policies) {
            if (policy.permission().isEmpty()) {
                continue;
            }
            String letters = policy.permission().get();
            for (int i = 0; i < letters.length(); i++) {
                if (permitted.indexOf(letters.charAt(i)) < 0) {
                    throw new ServiceException(CommonError.INVALID_XML_NODE_VALUE,
                            "The permission '" + letters + "' of signed identifier '" + policy.id()
                                    + "' has a letter other than " + listed(permitted) + ".");
                }
            }
        }
        return this;
    }

    /** {@code raud} as "r, a, u and d". */
    private static String listed(String letters) {
        StringBuilder list = new StringBuilder();
        for (int i = 0; i < letters.length(); i++) {
            if (i > 0) {
                list.append(i == letters.length() - 1 ? " and " : ", ");
            }
            list.append(letters.charAt(i));
        }
        return list.toString();
    }

    public byte[] encode() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeByte(FORMAT_VERSION);
            out.writeByte(policies.size());
            for (StoredAccessPolicy policy : policies) {
                out.writeUTF(policy.id());
                writeInstant(out, policy.start());
                writeInstant(out, policy.expiry());
                out.writeBoolean(policy.permission().isPresent());
                if (policy.permission().isPresent()) {
                    out.writeUTF(policy.permission().get());
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    /** What {@link #encode} wrote; no bytes at all are no policies. */
    public static AccessPolicies decode(byte[] encoded) {
        if (encoded.length == 0) {
            return empty();
        }
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(encoded))) {
            byte version = in.readByte();
            if (version != FORMAT_VERSION) {
                throw new IllegalStateException("unknown access policy format " + version);
            }
            int count = in.readByte();
            List<StoredAccessPolicy> policies = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                String id = in.readUTF();
                Optional<Instant> start = readInstant(in);
                Optional<Instant> expiry = readInstant(in);
                Optional<String> permission = in.readBoolean() ? Optional.of(in.readUTF()) : Optional.empty();
                policies.add(new StoredAccessPolicy(id, start, expiry, permission));
            }
            return new AccessPolicies(policies);
        } catch (IOException e) {
            throw new IllegalStateException("stored access policies are unreadable", e);
        }
    }

    private static void writeInstant(DataOutputStream out, Optional<Instant> instant) throws IOException {
        out.writeBoolean(instant.isPresent());
        if (instant.isPresent()) {
            out.writeLong(instant.get().getEpochSecond());
            out.writeInt(instant.get().getNano());
        }
    }

    private static Optional<Instant> readInstant(DataInputStream in) throws IOException {
        return in.readBoolean() ? Optional.of(Instant.ofEpochSecond(in.readLong(), in.readInt())) : Optional.empty();
    }
}
