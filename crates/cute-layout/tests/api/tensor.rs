//! Tensors and identity tensors through the typed API. The tests through `cute eval` are in
//! `crates/cute-tools/tests/algebra/tensor.rs`.

use cute_layout::basis::{make_identity_tensor, BasisLayout};
use cute_layout::tensor::Tensor;
use cute_layout::Layout;

#[test]
fn tensors_index_slice_and_check_bounds() {
    let data: Vec<i64> = (0..48).collect();
    let t = Tensor::new(&data[..], "(8,6):(_1,8)".parse::<Layout>().unwrap());
    assert_eq!(*t.get(&"(3,2)".parse().unwrap()).unwrap(), 19);
    assert_eq!(*t.get(&"19".parse().unwrap()).unwrap(), 19);
    let col = t.view().slice(&"(_,2)".parse().unwrap()).unwrap();
    assert_eq!(col.offset(), 16);
    assert_eq!(col.to_vec().unwrap(), (16..24).collect::<Vec<_>>());
    assert!(t.get(&"(0,6)".parse().unwrap()).is_err());
    let shifted = Tensor::new(&data[..], "(8,6):(_1,8)".parse::<Layout>().unwrap()).with_offset(1);
    assert!(shifted.to_vec().is_err());
    // owned and mutable
    let mut owned = Tensor::new(vec![0i64; 48], "(8,6):(_1,8)".parse::<Layout>().unwrap());
    for tid in 0..6 {
        let mut part = owned
            .view_mut()
            .local_partition(&"(_2,_3):(_1,_2)".parse().unwrap(), tid)
            .unwrap();
        part.for_each_mut(|_, x| *x += tid + 1).unwrap();
    }
    // every element written exactly once
    assert!(owned.data().iter().all(|&x| (1..=6).contains(&x)));
    let tile = owned
        .view()
        .local_tile(&"(_4,_3)".parse().unwrap(), &"(1,1)".parse().unwrap())
        .unwrap();
    assert_eq!(tile.iter().unwrap().count(), 12);
}

#[test]
fn identity_tensor_tiles_give_coordinates() {
    let id = BasisLayout::identity(&"(10,6)".parse().unwrap()).unwrap();
    let (tile, start) = id
        .local_tile(&"(_4,_3)".parse().unwrap(), &"(1,1)".parse().unwrap())
        .unwrap();
    assert_eq!(start.to_string(), "(4,3)");
    assert_eq!(
        tile.call(&"(3,2)".parse().unwrap()).unwrap().to_string(),
        "(3,2)"
    );
}

#[test]
fn identity_tensor_api_slices_and_iterates() {
    let id = make_identity_tensor(&"(2,3)".parse().unwrap()).unwrap();
    assert_eq!(
        id.get(&"(1,2)".parse().unwrap()).unwrap().to_string(),
        "(1,2)"
    );
    let all: Vec<String> = id.iter().unwrap().map(|c| c.unwrap().to_string()).collect();
    assert_eq!(all, ["(0,0)", "(1,0)", "(0,1)", "(1,1)", "(0,2)", "(1,2)"]);
    let row = id.slice(&"(1,_)".parse().unwrap()).unwrap();
    assert_eq!(
        row.to_vec()
            .unwrap()
            .iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>(),
        ["(1,0)", "(1,1)", "(1,2)"]
    );
    // a partial tile still names its coordinates beyond the shape (for predication)
    let id = make_identity_tensor(&"(10,6)".parse().unwrap()).unwrap();
    let tile = id
        .local_tile(&"(_4,_3)".parse().unwrap(), &"(2,1)".parse().unwrap())
        .unwrap();
    assert_eq!(tile.at(11).unwrap().to_string(), "(11,5)");
}
