package io.cerulean.table.layout;

import io.cerulean.storage.KeySpaces;
import io.cerulean.storage.RecordBound;
import io.cerulean.storage.RecordRange;
import io.cerulean.storage.Space;
import io.cerulean.storage.StoredValue;
import io.cerulean.table.model.TableNames;
import java.nio.charset.StandardCharsets;

/**
 * The layout of the table catalogue, key space {@code TABLE_CATALOG}: one partition per account
 * (its name, UTF-8), and in it
 *
 * <pre>
 * row 'T' + normalised table name (UTF-8)   version: the table id   payload: [id: 8][name as created: UTF-8]
 * row 'A' + normalised table name (UTF-8)   version: the table id   payload: the ACL (AccessPolicies' encoding)
 * </pre>
 * A table and its ACL share a partition so that Delete Table removes both in one commit; an ACL
 * row counts only while its version is the id of the table of that name (one left behind by a
 * table deleted meanwhile is ignored, and removed when the name is used again).
 */
final class TableCatalog {
    static final Space SPACE = KeySpaces.TABLE_CATALOG.single();
    private static final byte TABLE = 'T';
    private static final byte ACL = 'A';

    private TableCatalog() {
    }

    static byte[] partition(String account) {
        return account.getBytes(StandardCharsets.UTF_8);
    }

    static byte[] tableRow(String name) {
        return row(TABLE, TableNames.normalize(name));
    }

    static byte[] aclRow(String name) {
        return row(ACL, TableNames.normalize(name));
    }

    /** The table rows of an account from the normalised name {@code fromKey} on (null: all). */
    static RecordRange tables(String account, String fromKey) {
        byte[] partition = partition(account);
        byte[] from = fromKey == null ? new byte[] {TABLE} : row(TABLE, fromKey);
        return new RecordRange(RecordBound.inclusive(partition, from),
                RecordBound.exclusive(partition, new byte[] {TABLE + 1}));
    }

    static StoredValue tableValue(StoredTable table) {
        byte[] name = table.name().getBytes(StandardCharsets.UTF_8);
        byte[] bytes = StoredValue.allocate(8 + name.length);
        long id = table.id();
        for (int i = 7; i >= 0; i--) {
            bytes[StoredValue.HEADROOM + i] = (byte) id;
            id >>>= 8;
        }
        System.arraycopy(name, 0, bytes, StoredValue.HEADROOM + 8, name.length);
        return new StoredValue(table.id(), bytes);
    }

    /** A table from its row's payload at {@code bytes[offset, offset + length)}. */
    static StoredTable table(String account, long id, byte[] bytes, int offset, int length) {
        return new StoredTable(account, new String(bytes, offset + 8, length - 8, StandardCharsets.UTF_8), id);
    }

    private static byte[] row(byte tag, String normalizedName) {
        byte[] name = normalizedName.getBytes(StandardCharsets.UTF_8);
        byte[] row = new byte[1 + name.length];
        row[0] = tag;
        System.arraycopy(name, 0, row, 1, name.length);
        return row;
    }
}
