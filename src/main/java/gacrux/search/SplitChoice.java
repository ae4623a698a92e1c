package gacrux.search;

/**
 * Choosing the split node (the DTS paper's §2.3 and §3): how good a node of a busy worker's path is to split,
 * from the facts every worker publishes per ply (remaining depth, node type, moves searched and left).
 *
 * <p>The paper's rule: never a node near the tips (thrashing: a block must be worth its cost), never a CUT node
 * before it has shown itself to be an ALL node (over 90% of CUT nodes cut off on their first move, and the YBW
 * rule waits for the first move everywhere), then the node with the most work left: remaining depth first (the
 * work below a node grows exponentially with it), ALL nodes before PV nodes before reclassified CUT nodes at
 * equal depth, and more moves left before fewer.
 */
public final class SplitChoice {
    private SplitChoice() {}

    /**
     * The value of splitting a node, or -1 if it may not be split. Higher is better.
     *
     * @param depth    remaining depth of the node
     * @param nodeType Searcher.PV, CUT or ALL (the expected type of the node)
     * @param searched moves already searched there
     * @param left     moves not yet searched
     * @param minDepth the thrashing guard (DtsConfig.minSplitDepth)
     */
    public static int value(int depth, int nodeType, int searched, int left, int minDepth) {
        if (depth < minDepth || left < 1 || searched < 1) return -1;
        if (nodeType == Searcher.CUT && searched < 2) return -1; // still a CUT node: its first move usually cuts
        int type = nodeType == Searcher.ALL ? 2 : nodeType == Searcher.PV ? 1 : 0;
        return depth * 64 + type * 16 + Math.min(left, 15);
    }
}
