package io.cerulean.blob.rest.xml;

import io.cerulean.blob.model.BlockId;
import io.cerulean.blob.service.Block;
import io.cerulean.blob.service.BlockReference;
import io.cerulean.blob.service.BlockSource;
import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.xml.XmlDocuments;
import io.cerulean.http.xml.XmlElement;
import io.cerulean.http.xml.XmlWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Block lists (contract 3.6). Put Block List sends, in any interleaving, the blocks in order:
 * <pre>
 * &lt;BlockList&gt;&lt;Committed&gt;id&lt;/Committed&gt;&lt;Uncommitted&gt;id&lt;/Uncommitted&gt;&lt;Latest&gt;id&lt;/Latest&gt;...&lt;/BlockList&gt;
 * </pre>
 * and Get Block List answers with the lists asked for, each present even when empty:
 * <pre>
 * &lt;BlockList&gt;&lt;CommittedBlocks&gt;&lt;Block&gt;&lt;Name&gt;id&lt;/Name&gt;&lt;Size&gt;n&lt;/Size&gt;&lt;/Block&gt;...&lt;/CommittedBlocks&gt;
 *            &lt;UncommittedBlocks&gt;...&lt;/UncommittedBlocks&gt;&lt;/BlockList&gt;
 * </pre>
 */
public final class BlockListXml {
    private BlockListXml() {
    }

    /** The blocks a Put Block List body names, in order; 400 InvalidXmlDocument for another document. */
    public static List<BlockReference> read(byte[] body) {
        XmlElement root = XmlDocuments.parse(body);
        if (!root.name().equals("BlockList")) {
            throw new ServiceException(CommonError.INVALID_XML_DOCUMENT, CommonError.INVALID_XML_DOCUMENT.message()
                    + " The body of Put Block List is a <BlockList>, not a <" + root.name() + ">.");
        }
        List<BlockReference> blocks = new ArrayList<>(root.children().size());
        for (XmlElement child : root.children()) {
            BlockSource source = switch (child.name()) {
                case "Committed" -> BlockSource.COMMITTED;
                case "Uncommitted" -> BlockSource.UNCOMMITTED;
                case "Latest" -> BlockSource.LATEST;
                default -> throw new ServiceException(CommonError.INVALID_XML_DOCUMENT,
                        CommonError.INVALID_XML_DOCUMENT.message() + " A <BlockList> holds <Committed>, <Uncommitted>"
                                + " and <Latest>, not <" + child.name() + ">.");
            };
            blocks.add(new BlockReference(source, BlockId.parse(child.value())));
        }
        return blocks;
    }

    /** Get Block List's answer; an empty Optional leaves that list out. */
    public static byte[] write(Optional<List<Block>> committed, Optional<List<Block>> uncommitted) {
        XmlWriter xml = new XmlWriter().start("BlockList");
        committed.ifPresent(blocks -> blocks(xml, "CommittedBlocks", blocks));
        uncommitted.ifPresent(blocks -> blocks(xml, "UncommittedBlocks", blocks));
        return xml.end("BlockList").bytes();
    }

    private static void blocks(XmlWriter xml, String name, List<Block> blocks) {
        if (blocks.isEmpty()) {
            xml.empty(name);
            return;
        }
        xml.start(name);
        for (Block block : blocks) {
            xml.start("Block").element("Name", block.id().text()).element("Size", block.size()).end("Block");
        }
        xml.end(name);
    }
}
