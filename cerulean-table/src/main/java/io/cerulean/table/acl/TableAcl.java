package io.cerulean.table.acl;

import io.cerulean.common.error.CommonError;
import io.cerulean.table.error.TableServiceException;
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
 * A table's stored access policies: at most five, with distinct ids. Kept by the store as a
 * small versioned byte string next to the table.
 */
public record TableAcl(List<StoredAccessPolicy> policies) {
    /** The service keeps at most five signed identifiers per table. */
    public static final int MAX_POLICIES = 5;
    private static final byte FORMAT_VERSION = 1;

    public TableAcl {
        policies = List.copyOf(policies);
        if (policies.size() > MAX_POLICIES) {
            // The service answers InvalidXmlDocument here, and the Python SDK relies on that code.
            throw new TableServiceException(CommonError.INVALID_XML_DOCUMENT,
                    "A table can have at most " + MAX_POLICIES + " signed identifiers; " + policies.size() + " were given.");
        }
        Set<String> ids = new HashSet<>();
        for (StoredAccessPolicy policy : policies) {
            if (!ids.add(policy.id())) {
                throw new TableServiceException(CommonError.INVALID_XML_DOCUMENT,
                        "The signed identifier '" + policy.id() + "' appears more than once.");
            }
        }
    }

    public static TableAcl empty() {
        return new TableAcl(List.of());
    }

    /** The policy a SAS names by {@code si}; ids compare exactly. */
    public Optional<StoredAccessPolicy> find(String id) {
        return policies.stream().filter(p -> p.id().equals(id)).findFirst();
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

    public static TableAcl decode(byte[] encoded) {
        if (encoded.length == 0) {
            return empty();
        }
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(encoded))) {
            byte version = in.readByte();
            if (version != FORMAT_VERSION) {
                throw new IllegalStateException("unknown table ACL format " + version);
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
            return new TableAcl(policies);
        } catch (IOException e) {
            throw new IllegalStateException("a stored table ACL is unreadable", e);
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
