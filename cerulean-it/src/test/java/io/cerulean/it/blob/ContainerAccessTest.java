package io.cerulean.it.blob;

import static io.cerulean.it.blob.BlobErrors.assertBlobError;
import static io.cerulean.it.blob.BlobErrors.assertBlobStatus;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.util.BinaryData;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.models.BlobAccessPolicy;
import com.azure.storage.blob.models.BlobContainerAccessPolicies;
import com.azure.storage.blob.models.BlobItem;
import com.azure.storage.blob.models.BlobSignedIdentifier;
import com.azure.storage.blob.models.PublicAccessType;
import com.azure.storage.blob.sas.BlobServiceSasSignatureValues;
import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * Get and Set Container ACL: the public access level and the stored access policies, and SAS tokens
 * that name a stored policy. What the access level lets anonymous clients do is {@link AnonymousAccessTest}.
 */
class ContainerAccessTest {
    private static final ServerFixture ONE_STORE = ServerFixture.chosenOr(ServerFixture.IN_MEMORY);
    private static final BlobServers SERVERS = new BlobServers();
    private static final OffsetDateTime START = OffsetDateTime.of(2026, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC);
    private static final OffsetDateTime EXPIRY = OffsetDateTime.of(2036, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC);

    @AfterAll
    static void stop() {
        SERVERS.close();
    }

    private static BlobSignedIdentifier policy(String id, String permissions) {
        return new BlobSignedIdentifier().setId(id).setAccessPolicy(new BlobAccessPolicy().setStartsOn(START)
                .setExpiresOn(EXPIRY).setPermissions(permissions));
    }

    private static BlobContainerClient withOneBlob(ServerFixture store, String prefix) {
        BlobContainerClient container = SERVERS.newContainer(store, prefix);
        container.getBlobClient("public.txt").upload(BinaryData.fromString("for everyone"));
        return container;
    }

    @ParameterizedTest
    @EachStore
    void theAccessLevelAndPoliciesSetAreReadBack(ServerFixture store) {
        BlobContainerClient container = SERVERS.newContainer(store, "acl");
        String etag = container.getProperties().getETag();

        container.setAccessPolicy(PublicAccessType.BLOB, List.of(policy("readers", "rl"), policy("writers", "w")));

        BlobContainerAccessPolicies read = container.getAccessPolicy();
        assertThat(read.getBlobAccessType()).isEqualTo(PublicAccessType.BLOB);
        assertThat(read.getIdentifiers()).extracting(BlobSignedIdentifier::getId).containsExactly("readers", "writers");
        assertThat(read.getIdentifiers().get(0).getAccessPolicy()).satisfies(policy -> {
            assertThat(policy.getPermissions()).isEqualTo("rl");
            assertThat(policy.getStartsOn()).isEqualTo(START);
            assertThat(policy.getExpiresOn()).isEqualTo(EXPIRY);
        });
        assertThat(container.getProperties().getBlobPublicAccess()).isEqualTo(PublicAccessType.BLOB);
        assertThat(container.getProperties().getETag()).as("ETag after Set Container ACL").isNotEqualTo(etag);

        container.setAccessPolicy(null, List.of());
        BlobContainerAccessPolicies cleared = container.getAccessPolicy();
        assertThat(cleared.getBlobAccessType()).as("access level when none is sent").isNull();
        assertThat(cleared.getIdentifiers()).isNullOrEmpty();
    }

    /** Azurite fails this test: it stores a sixth policy. */
    @Test
    void moreThanFivePoliciesAreInvalidXmlDocument() {
        BlobContainerClient container = SERVERS.newContainer(ONE_STORE, "acl6");

        assertBlobError(() -> container.setAccessPolicy(null, List.of(policy("p1", "r"), policy("p2", "r"),
                policy("p3", "r"), policy("p4", "r"), policy("p5", "r"), policy("p6", "r"))), 400,
                "InvalidXmlDocument");
        assertThat(container.getAccessPolicy().getIdentifiers()).isNullOrEmpty();
    }

    @Test
    void aPolicyWithAnEmptyIdIsInvalidXmlNodeValue() {
        BlobContainerClient container = SERVERS.newContainer(ONE_STORE, "aclid");
        container.setAccessPolicy(null, List.of(policy("kept", "r")));

        assertBlobError(() -> container.setAccessPolicy(null, List.of(policy("", "r"))), 400, "InvalidXmlNodeValue");
        assertThat(container.getAccessPolicy().getIdentifiers()).extracting(BlobSignedIdentifier::getId)
                .containsExactly("kept");
    }

    @ParameterizedTest
    @EachStore
    void aSasNamingAStoredPolicyHasThePolicysPermissionsUntilThePolicyGoes(ServerFixture store) {
        BlobContainerClient container = withOneBlob(store, "stored");
        container.setAccessPolicy(null, List.of(policy("readers", "rl")));
        String sas = container.generateSas(new BlobServiceSasSignatureValues("readers"));
        BlobContainerClient withSas = SERVERS.containerWithSas(store, container.getBlobContainerName(), sas);

        assertThat(withSas.listBlobs()).extracting(BlobItem::getName).containsExactly("public.txt");
        assertThat(withSas.getBlobClient("public.txt").downloadContent().toString()).isEqualTo("for everyone");
        assertBlobError(() -> withSas.getBlobClient("new.txt").upload(BinaryData.fromString("x")), 403,
                "AuthorizationPermissionMismatch");

        container.setAccessPolicy(null, List.of());
        assertBlobStatus(() -> withSas.getBlobClient("public.txt").downloadContent(), 403);
    }
}
