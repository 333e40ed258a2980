package io.cerulean.table.rest.batch;

/**
 * Batch bodies as each SDK sends them (contract 6.1 and 2.3), written out as they arrive. Text
 * blocks use {@code \n}; {@link #crlf} turns them into the CRLF bodies all but legacy clients send.
 */
final class SdkBatchBodies {
    private SdkBatchBodies() {
    }

    static String crlf(String text) {
        return text.replace("\n", "\r\n");
    }

    /** Java azure-data-tables: origin-form targets, no Content-ID, CRLF, the close delimiters on their own lines. */
    static final String JAVA = crlf("""
            --batch_6fd1c9a0-6a2b-4d43-8f5c-0f1f3c3d9e11
            Content-Type: multipart/mixed; boundary=changeset_2b9d1a4e-3c5f-4e7a-9b0c-1d2e3f4a5b6c

            --changeset_2b9d1a4e-3c5f-4e7a-9b0c-1d2e3f4a5b6c
            Content-Type: application/http
            Content-Transfer-Encoding: binary

            POST /devstoreaccount1/mytable HTTP/1.1
            Accept: application/json;odata=minimalmetadata
            Content-Type: application/json
            DataServiceVersion: 3.0
            Prefer: return-no-content

            {"PartitionKey":"p","RowKey":"1","Name":"one"}
            --changeset_2b9d1a4e-3c5f-4e7a-9b0c-1d2e3f4a5b6c
            Content-Type: application/http
            Content-Transfer-Encoding: binary

            MERGE /devstoreaccount1/mytable(PartitionKey='p',RowKey='2') HTTP/1.1
            Accept: application/json;odata=minimalmetadata
            Content-Type: application/json
            If-Match: W/"datetime'2022-02-01T20%3A52%3A40.2654859Z'"

            {"PartitionKey":"p","RowKey":"2","Name":"two"}
            --changeset_2b9d1a4e-3c5f-4e7a-9b0c-1d2e3f4a5b6c
            Content-Type: application/http
            Content-Transfer-Encoding: binary

            DELETE /devstoreaccount1/mytable(PartitionKey='p',RowKey='3') HTTP/1.1
            Accept: application/json;odata=minimalmetadata
            If-Match: *


            --changeset_2b9d1a4e-3c5f-4e7a-9b0c-1d2e3f4a5b6c--

            --batch_6fd1c9a0-6a2b-4d43-8f5c-0f1f3c3d9e11--
            """);
    static final String JAVA_TYPE = "multipart/mixed; boundary=batch_6fd1c9a0-6a2b-4d43-8f5c-0f1f3c3d9e11";

    /** JavaScript @azure/data-tables: absolute URLs, lower-case header names, extra blank lines, leftover SAS parameters. */
    static final String JS = crlf("""
            --batch_a1b2c3
            content-type: multipart/mixed; boundary=changeset_d4e5f6


            --changeset_d4e5f6
            content-type: application/http
            content-transfer-encoding: binary


            POST http://127.0.0.1:10002/devstoreaccount1/mytable HTTP/1.1
            accept: application/json;odata=minimalmetadata
            content-type: application/json;odata=nometadata
            dataserviceversion: 3.0
            prefer: return-no-content


            {"PartitionKey":"p","RowKey":"1","name":"first"}
            --changeset_d4e5f6
            content-type: application/http
            content-transfer-encoding: binary


            PATCH http://127.0.0.1:10002/devstoreaccount1/mytable(PartitionKey='p',RowKey='2')?tn=mytable&spk=p&$select=name HTTP/1.1
            accept: application/json;odata=minimalmetadata
            content-type: application/json;odata=nometadata
            if-match: *


            {"name":"second"}
            --changeset_d4e5f6--
            --batch_a1b2c3--
            """);

    /** .NET Azure.Data.Tables: absolute URLs, Content-ID in the part headers, a quoted boundary. */
    static final String DOTNET = crlf("""
            --batch_7c1e
            Content-Type: multipart/mixed; boundary="changeset_8d2f"

            --changeset_8d2f
            Content-Type: application/http
            Content-Transfer-Encoding: binary
            Content-ID: 1

            PUT http://127.0.0.1:10002/devstoreaccount1/mytable(PartitionKey='p',RowKey='a%20b') HTTP/1.1
            Host: 127.0.0.1:10002
            Accept: application/json; odata=minimalmetadata
            Content-Type: application/json; odata=nometadata
            DataServiceVersion: 3.0

            {"PartitionKey":"p","RowKey":"a b","v":1}
            --changeset_8d2f
            Content-Type: application/http
            Content-Transfer-Encoding: binary
            Content-ID: 2

            DELETE http://127.0.0.1:10002/devstoreaccount1/mytable(PartitionKey='p',RowKey='c') HTTP/1.1
            Host: 127.0.0.1:10002
            If-Match: *

            --changeset_8d2f--
            --batch_7c1e--
            """);

    /** Python azure-data-tables: azure-core multipart, Content-ID 0..n in the part headers, a trailing '?' on URLs. */
    static final String PYTHON = crlf("""
            --batch_3f4e5d6c
            Content-Type: multipart/mixed; boundary=changeset_9a8b7c6d

            --changeset_9a8b7c6d
            Content-Type: application/http
            Content-Transfer-Encoding: binary
            Content-ID: 0

            POST http://127.0.0.1:10002/devstoreaccount1/mytable? HTTP/1.1
            Content-Type: application/json;odata=nometadata
            Accept: application/json;odata=minimalmetadata
            Content-Length: 47
            Prefer: return-content
            DataServiceVersion: 3.0

            {"PartitionKey": "p", "RowKey": "1", "n": 1.5}
            --changeset_9a8b7c6d
            Content-Type: application/http
            Content-Transfer-Encoding: binary
            Content-ID: 1

            POST http://127.0.0.1:10002/devstoreaccount1/mytable(PartitionKey='p',RowKey='2')? HTTP/1.1
            X-HTTP-Method: MERGE
            Content-Type: application/json;odata=nometadata
            Accept: application/json;odata=minimalmetadata
            If-Match: *

            {"n": 2.5}
            --changeset_9a8b7c6d--

            --batch_3f4e5d6c--
            """);

    /** Legacy storage clients: MERGE verb, %27 quotes, Content-ID among the embedded headers, LF only, no final "--". */
    static final String LEGACY = """
            --batch_L1
            Content-Type: multipart/mixed; boundary=changeset_M1

            --changeset_M1
            Content-Type: application/http
            Content-Transfer-Encoding: binary

            MERGE http://127.0.0.1:10002/devstoreaccount1/mytable(PartitionKey=%27p%27,RowKey=%27a%27) HTTP/1.1
            Content-ID: 1
            Content-Type: application/json
            If-Match: *

            {"x":1}
            --changeset_M1
            Content-Type: application/http
            Content-Transfer-Encoding: binary

            DELETE http://127.0.0.1:10002/devstoreaccount1/mytable(PartitionKey=%27p%27,RowKey=%27b%27) HTTP/1.1
            Content-ID: 2
            If-Match: *

            --changeset_M1--
            --batch_L1
            """;
}
