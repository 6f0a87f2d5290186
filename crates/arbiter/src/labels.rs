//! Union-find over provisional labels whose parents are never larger than themselves.
//!
//! Go's board passes scan cells in reading order and give each new group a label larger than
//! every label before it; merging two groups keeps the smaller root. Parents therefore never
//! exceed their labels, which gives one-pass flattening: in increasing order, a label's parent
//! is already a root when it is reached. (The Hex record replay joins groups with the same
//! `union` as stones are added.)

/// The root of `label`, halving the path on the way.
pub(crate) fn find(parent: &mut [u32], mut label: u32) -> u32 {
    while parent[label as usize] != label {
        let grandparent = parent[parent[label as usize] as usize];
        parent[label as usize] = grandparent;
        label = grandparent;
    }
    label
}

/// Merges the sets of `a` and `b`, keeping the smaller root.
pub(crate) fn union(parent: &mut [u32], a: u32, b: u32) {
    let (a, b) = (find(parent, a), find(parent, b));
    parent[a.max(b) as usize] = a.min(b);
}

/// Points every label straight at its root, calling `gather(label, root)` for each label whose
/// root is another label (roots are settled before any label above them is reached).
pub(crate) fn flatten(parent: &mut [u32], mut gather: impl FnMut(usize, usize)) {
    for label in 0..parent.len() {
        let root = parent[parent[label] as usize];
        parent[label] = root;
        if root as usize != label {
            gather(label, root as usize);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn merged_labels_share_the_smallest_root() {
        let mut parent: Vec<u32> = (0..6).collect();
        union(&mut parent, 4, 5);
        union(&mut parent, 2, 5);
        union(&mut parent, 3, 1);
        let mut moved = Vec::new();
        flatten(&mut parent, |label, root| moved.push((label, root)));
        assert_eq!(parent, [0, 1, 2, 1, 2, 2]);
        assert_eq!(moved, [(3, 1), (4, 2), (5, 2)]);
    }
}
