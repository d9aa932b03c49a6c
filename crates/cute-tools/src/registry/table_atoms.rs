//! Atoms: tiled MMAs and copies, TMA.

use super::table::prelude::*;

/// Tiled MMAs and copies, TMA.
pub(super) const ATOMS: &[Operation] = &[
    Operation::new(
        "make_tiled_mma",
        "make_tiled_mma(atom, thr_layout = (_1,_1,_1), permutation = _)",
        "the tiled MMA: an MMA atom repeated over thr_layout (M,N,K), modes permuted by a Tile",
        ("make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN,(_2,_2,_1))", "TiledMMA<SM80_16x8x16_F32F16F16F32_TN,(_2,_2,_1):(_1,_2,_0),(_,_,_)>"),
        &[Param::required("atom", &[K::MmaAtom]), Param::optional("thr_layout", &[K::Layout, K::IntTuple, K::Int]), Param::optional("permutation", &[K::Underscore, K::Tiler, K::IntTuple, K::Coord, K::Int, K::Layout])],
        K::TiledMma,
        atoms::tiled_mma,
    ),
    Operation::new(
        "tile_size",
        "tile_size(mma)",
        "the (M,N,K) tile one pass of a tiled MMA covers (C++ tile_shape)",
        ("tile_size(make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN,(_2,_2,_1)))", "(_32,_16,_16)"),
        &[Param::required("mma", MMA)],
        K::IntTuple,
        atoms::tile_size,
    )
    .aliases(&["tile_shape"]),
    Operation::new(
        "get_layoutA_TV",
        "get_layoutA_TV(mma)",
        "(thr_idx, val) -> (m,k) index in the A tile of a tiled MMA",
        ("get_layoutA_TV(make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN,(_2,_2,_1)))", "((_4,_8,_2,_2),((_2,_2,_2),(_1,_1))):((_64,_1,_16,_0),((_32,_8,_256),(_0,_0)))"),
        &[Param::required("mma", MMA)],
        K::Layout,
        |a| atoms::mma_layout_tv(a, Operand::A),
    )
    .tiles(Tiles::MmaTv { rows: 0, cols: 2 }),
    Operation::new(
        "get_layoutB_TV",
        "get_layoutB_TV(mma)",
        "(thr_idx, val) -> (n,k) index in the B tile of a tiled MMA",
        ("get_layoutB_TV(make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN,(_2,_2,_1)))", "((_4,_8,_2,_2),((_2,_2),(_1,_1))):((_32,_1,_0,_8),((_16,_128),(_0,_0)))"),
        &[Param::required("mma", MMA)],
        K::Layout,
        |a| atoms::mma_layout_tv(a, Operand::B),
    )
    .tiles(Tiles::MmaTv { rows: 1, cols: 2 }),
    Operation::new(
        "get_layoutC_TV",
        "get_layoutC_TV(mma)",
        "(thr_idx, val) -> (m,n) index in the C tile of a tiled MMA",
        ("get_layoutC_TV(make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN,(_2,_2,_1)))", "((_4,_8,_2,_2),((_2,_2),(_1,_1))):((_64,_1,_16,_256),((_32,_8),(_0,_0)))"),
        &[Param::required("mma", MMA)],
        K::Layout,
        |a| atoms::mma_layout_tv(a, Operand::C),
    )
    .tiles(Tiles::MmaTv { rows: 0, cols: 1 }),
    Operation::new(
        "partition_A",
        "partition_A(mma, T, thr_idx)",
        "thread thr_idx's part of the A tensor T (C++ mma.get_slice(thr_idx).partition_A(T))",
        ("partition_A(make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN,(_2,_2,_1)),(_64,_32):(_32,_1),100)", "((_2,_2,_2),_2,_2):((_1,_256,_8),_1024,_16)+544"),
        &[Param::required("mma", MMA), Param::required("T", &[K::Layout, K::Int, K::Tensor, K::Tv, K::Composed, K::ComposedTensor, K::Basis, K::IdentityTensor]), Param::required("thr_idx", INT)],
        K::Tensor,
        |a| atoms::mma_partition(a, Operand::A),
    )
    .identity(1, |a, t, _| atoms::mma_partition_id(a, t, Operand::A))
    .tensor(TensorForm::Takes(1)),
    Operation::new(
        "partition_B",
        "partition_B(mma, T, thr_idx)",
        "thread thr_idx's part of the B tensor T (C++ mma.get_slice(thr_idx).partition_B(T))",
        ("partition_B(make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN,(_2,_2,_1)),(_32,_32):(_1,_32),100)", "((_2,_2),_2,_2):((_32,_256),_16,_512)+9"),
        &[Param::required("mma", MMA), Param::required("T", &[K::Layout, K::Int, K::Tensor, K::Tv, K::Composed, K::ComposedTensor, K::Basis, K::IdentityTensor]), Param::required("thr_idx", INT)],
        K::Tensor,
        |a| atoms::mma_partition(a, Operand::B),
    )
    .identity(1, |a, t, _| atoms::mma_partition_id(a, t, Operand::B))
    .tensor(TensorForm::Takes(1)),
    Operation::new(
        "partition_C",
        "partition_C(mma, T, thr_idx)",
        "thread thr_idx's part of the C tensor T (C++ mma.get_slice(thr_idx).partition_C(T))",
        ("partition_C(make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN,(_2,_2,_1)),(_64,_64):(_64,_1),77)", "((_2,_2),_2,_4):((_1,_512),_2048,_16)+202"),
        &[Param::required("mma", MMA), Param::required("T", &[K::Layout, K::Int, K::Tensor, K::Tv, K::Composed, K::ComposedTensor, K::Basis, K::IdentityTensor]), Param::required("thr_idx", INT)],
        K::Tensor,
        |a| atoms::mma_partition(a, Operand::C),
    )
    .identity(1, |a, t, _| atoms::mma_partition_id(a, t, Operand::C))
    .tensor(TensorForm::Takes(1)),
    Operation::new(
        "make_tiled_copy",
        "make_tiled_copy(copy_atom, thr_layout, val_layout = _1)",
        "the tiled copy of thr_layout threads each moving val_layout values with Copy_Atom<OP,T>",
        ("make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>,half_t>,(_32,_4):(_4,_1),(_1,_8))", "TiledCopy<Copy_Atom<UniversalCopy<uint128_t>,half_t>,((_4,_32),_8):((_256,_1),_32),(_32,_32)>"),
        &[Param::required("copy_atom", COPY_ATOM), Param::required("thr_layout", &[K::Layout, K::IntTuple, K::Int]), Param::optional("val_layout", &[K::Layout, K::IntTuple, K::Int])],
        K::TiledCopy,
        atoms::tiled_copy,
    ),
    Operation::new(
        "make_tiled_copy_A",
        "make_tiled_copy_A(copy_atom, mma)",
        "the tiled copy that moves the A tile of a tiled MMA with its get_layoutA_TV",
        ("make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N,half_t>,make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN,(_2,_2,_1)))", "TiledCopy<Copy_Atom<SM75_U32x4_LDSM_N,half_t>,((_4,_8,_2,_2),((_2,_2,_2),(_1,_1))):((_64,_1,_16,_0),((_32,_8,_256),(_0,_0))),(_32,_16)>"),
        &[Param::required("copy_atom", COPY_ATOM), Param::required("mma", MMA)],
        K::TiledCopy,
        |a| atoms::tiled_copy_mma(a, Operand::A),
    ),
    Operation::new(
        "make_tiled_copy_B",
        "make_tiled_copy_B(copy_atom, mma)",
        "the tiled copy that moves the B tile of a tiled MMA with its get_layoutB_TV",
        ("make_tiled_copy_B(Copy_Atom<SM75_U32x2_LDSM_N,half_t>,make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN,(_2,_2,_1)))", "TiledCopy<Copy_Atom<SM75_U32x2_LDSM_N,half_t>,((_4,_8,_2,_2),((_2,_2),(_1,_1))):((_32,_1,_0,_8),((_16,_128),(_0,_0))),(_16,_16)>"),
        &[Param::required("copy_atom", COPY_ATOM), Param::required("mma", MMA)],
        K::TiledCopy,
        |a| atoms::tiled_copy_mma(a, Operand::B),
    ),
    Operation::new(
        "make_tiled_copy_C",
        "make_tiled_copy_C(copy_atom, mma)",
        "the tiled copy that moves the C tile of a tiled MMA with its get_layoutC_TV",
        ("make_tiled_copy_C(Copy_Atom<UniversalCopy<uint32_t>,float>,make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN))", "TiledCopy<Copy_Atom<UniversalCopy<uint32_t>,float>,((_4,_8),((_2,_2),(_1,_1))):((_32,_1),((_16,_8),(_0,_0))),(_16,_8)>"),
        &[Param::required("copy_atom", COPY_ATOM), Param::required("mma", MMA)],
        K::TiledCopy,
        |a| atoms::tiled_copy_mma(a, Operand::C),
    ),
    Operation::new(
        "get_layoutS_TV",
        "get_layoutS_TV(copy)",
        "(thr_idx, val) -> index of the source in the tile of a tiled copy",
        ("get_layoutS_TV(make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>,half_t>,(_32,_4):(_4,_1),(_1,_8)))", "((_4,_32),(_8,_1)):((_256,_1),(_32,_0))"),
        &[Param::required("copy", &[K::TiledCopy])],
        K::Layout,
        |a| atoms::copy_layout_tv(a, Side::S),
    )
    .tiles(Tiles::CopyTv),
    Operation::new(
        "get_layoutD_TV",
        "get_layoutD_TV(copy)",
        "(thr_idx, val) -> index of the destination in the tile of a tiled copy",
        ("get_layoutD_TV(make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>,half_t>,(_32,_4):(_4,_1),(_1,_8)))", "((_4,_32),(_8,_1)):((_256,_1),(_32,_0))"),
        &[Param::required("copy", &[K::TiledCopy])],
        K::Layout,
        |a| atoms::copy_layout_tv(a, Side::D),
    )
    .tiles(Tiles::CopyTv),
    Operation::new(
        "partition_S",
        "partition_S(copy, T, thr_idx)",
        "thread thr_idx's part of the source tensor T, (CPY_V,CPY_M,CPY_N,...) (C++ copy.get_slice(thr_idx).partition_S(T))",
        ("partition_S(make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>,half_t>,(_32,_4):(_4,_1),(_1,_8)),(_64,_64):(_64,_1),1)", "((_8,_1),_2,_2):((_1,_0),_2048,_32)+8"),
        &[Param::required("copy", &[K::TiledCopy]), Param::required("T", &[K::Layout, K::Int, K::Tensor, K::Tv, K::Composed, K::ComposedTensor, K::Basis, K::IdentityTensor]), Param::required("thr_idx", INT)],
        K::Tensor,
        |a| atoms::copy_partition(a, Side::S),
    )
    .identity(1, |a, t, _| atoms::copy_partition_id(a, t, Side::S))
    .tensor(TensorForm::Takes(1)),
    Operation::new(
        "partition_D",
        "partition_D(copy, T, thr_idx)",
        "thread thr_idx's part of the destination tensor T, (CPY_V,CPY_M,CPY_N,...) (C++ copy.get_slice(thr_idx).partition_D(T))",
        ("partition_D(make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N,half_t>,make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN,(_2,_2,_1))),(_32,_16):(_16,_1),3)", "(((_2,_2,_2),_1),_1,_1):(((_1,_128,_8),_0),_0,_0)+6"),
        &[Param::required("copy", &[K::TiledCopy]), Param::required("T", &[K::Layout, K::Int, K::Tensor, K::Tv, K::Composed, K::ComposedTensor, K::Basis, K::IdentityTensor]), Param::required("thr_idx", INT)],
        K::Tensor,
        |a| atoms::copy_partition(a, Side::D),
    )
    .identity(1, |a, t, _| atoms::copy_partition_id(a, t, Side::D))
    .tensor(TensorForm::Takes(1)),
    Operation::new(
        "retile",
        "retile(copy, T)",
        "a thread's fragment T (e.g. an MMA partition) viewed as the copy's (CPY_V,CPY_M,CPY_N,...) (C++ retile_S/retile_D)",
        ("retile(make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N,half_t>,make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN,(_2,_2,_1))),((_2,_2,_2),_2,_2):((_1,_2,_4),_8,_16))", "((_8,_1),_2,_2):((_1,_0),_8,_16)+0"),
        &[Param::required("copy", &[K::TiledCopy]), Param::required("T", &[K::Layout, K::Int, K::Tensor, K::Composed, K::ComposedTensor])],
        K::Tensor,
        atoms::retile,
    )
    .tensor(TensorForm::Takes(1)),
    Operation::new(
        "construct_tma_gbasis",
        "construct_tma_gbasis(gmem, smem, cta_tiler)",
        "the TMA box of make_tma_atom as tma_box_shape:gmem_mode (the swizzle of smem is ignored)",
        ("construct_tma_gbasis((_512,_512):(_512,_1),(_128,_64):(_64,_1),(_128,_64))", "(_64,_128):(_1@1,_1@0)"),
        &[Param::required("gmem", &[K::Layout, K::Tensor]), Param::required("smem", &[K::Layout, K::Composed]), Param::required("cta_tiler", &[K::Tiler, K::Layout, K::IntTuple, K::Int])],
        K::Basis,
        atoms::tma_gbasis,
    )
    .aliases(&["tma_gbasis"])
    .tensor(TensorForm::Query(0)),
    Operation::new(
        "make_tma_atom",
        "make_tma_atom(op, gmem, smem, cta_tiler, cluster_size)",
        "the TMA copy atom of C++'s make_tma_atom(OP{}, gtensor, smem, cta_tiler, cluster_size): one thread moving the largest box; op is Copy_Atom<SM90_TMA_LOAD|SM90_TMA_LOAD_MULTICAST|SM90_TMA_STORE,T>",
        ("make_tma_atom(Copy_Atom<SM90_TMA_LOAD,half_t>,(_512,_512):(_512,_1),Sw<3,4,3> o (_128,_64):(_64,_1),(_128,_64))", "Copy_Atom<SM90_TMA_LOAD,half_t,(_512,_512):(_512,_1),Sw<3,4,3> o _0 o (_128,_64):(_64,_1),(_128,_64),_1>"),
        &[Param::required("op", COPY_ATOM), Param::required("gmem", &[K::Layout, K::Tensor]), Param::required("smem", &[K::Layout, K::Composed]), Param::required("cta_tiler", &[K::Tiler, K::Layout, K::IntTuple, K::Int]), Param::optional("cluster_size", INT)],
        K::CopyAtom,
        atoms::tma_atom,
    )
    .tensor(TensorForm::Query(1)),
    Operation::new(
        "make_tma_copy",
        "make_tma_copy(op, gmem, smem, cta_tiler, cluster_size)",
        "the TiledCopy of C++'s make_tma_copy: TiledLayout_TV (multicast CTA, value) -> smem coord and Tiler_MN the CTA tile",
        ("make_tma_copy(Copy_Atom<SM90_TMA_LOAD_MULTICAST,half_t>,(_512,_512):(_512,_1),Sw<3,4,3> o (_128,_64):(_64,_1),(_128,_64),_2)", "TiledCopy<Copy_Atom<SM90_TMA_LOAD_MULTICAST,half_t,(_512,_512):(_512,_1),Sw<3,4,3> o _0 o (_128,_64):(_64,_1),(_128,_64),_2>,(_2,(((_64,_128),_1))):(_64,(((_128,_1),_0))),(_128,_64)>"),
        &[Param::required("op", COPY_ATOM), Param::required("gmem", &[K::Layout, K::Tensor]), Param::required("smem", &[K::Layout, K::Composed]), Param::required("cta_tiler", &[K::Tiler, K::Layout, K::IntTuple, K::Int]), Param::optional("cluster_size", INT)],
        K::TiledCopy,
        atoms::tma_copy,
    )
    .tensor(TensorForm::Query(1)),
    Operation::new(
        "get_tma_tensor",
        "get_tma_tensor(tma, gmem_shape)",
        "the TMA coordinate tensor of a TMA atom or copy (C++ tma.get_tma_tensor(gmem_shape)): gmem coordinates mapped to TMA coordinates",
        ("get_tma_tensor(make_tma_atom(Copy_Atom<SM90_TMA_LOAD_MULTICAST,half_t>,(_512,_512):(_512,_1),Sw<3,4,3> o (_128,_64):(_64,_1),(_128,_64),_2),(512,512))", "ArithTuple(_0,_0) o (512,512):(_1@1,_1@0)"),
        &[Param::required("tma", &[K::CopyAtom, K::TiledCopy]), Param::required("gmem_shape", &[K::IntTuple, K::Int])],
        K::IdentityTensor,
        atoms::tma_tensor,
    ),
    Operation::new(
        "tma_partition",
        "tma_partition(tma, cta_coord, cta_layout, stensor, gtensor)",
        "get<0> of C++'s tma_partition: the TMA coordinate tensor gtensor ((TMATile), Rest...) as ((TMA,TMA_Iter), Rest...), started at this CTA's multicast share cta_layout(cta_coord)*size(TMA)/cosize(cta_layout)",
        ("tma_partition(make_tma_atom(Copy_Atom<SM90_TMA_LOAD_MULTICAST,half_t>,(_512,_512):(_512,_1),Sw<3,4,3> o (_128,_64):(_64,_1),(_128,_64),_2),_1,_2:_1,Sw<3,4,3> o ((_128,_64)):((_64,_1)),group(local_tile(get_tma_tensor(make_tma_atom(Copy_Atom<SM90_TMA_LOAD_MULTICAST,half_t>,(_512,_512):(_512,_1),Sw<3,4,3> o (_128,_64):(_64,_1),(_128,_64),_2),(512,512)),(_128,_64),(_,_)),0,2))", "ArithTuple(_0,_64) o (((_64,_128),_1),4,8):(((_1@0,_1@1),_0),_128@1,_64@0)"),
        &[Param::required("tma", &[K::CopyAtom, K::TiledCopy]), Param::required("cta_coord", INT), Param::required("cta_layout", &[K::Layout, K::IntTuple, K::Int]), Param::required("stensor", &[K::Layout, K::Tensor, K::Composed, K::ComposedTensor]), Param::required("gtensor", &[K::IdentityTensor])],
        K::IdentityTensor,
        atoms::tma_partition_needs_gtensor,
    )
    .identity(4, |a, t, _| atoms::tma_partition_part(a, t, false))
    .tensor(TensorForm::Takes(3)),
    Operation::new(
        "tma_partition_smem",
        "tma_partition_smem(tma, cta_coord, cta_layout, stensor, gtensor)",
        "get<1> of C++'s tma_partition: the smem tensor stensor ((TMATile), Rest...) as ((TMA,TMA_Iter), Rest...), moved to this CTA's multicast share",
        ("tma_partition_smem(make_tma_atom(Copy_Atom<SM90_TMA_LOAD_MULTICAST,half_t>,(_512,_512):(_512,_1),Sw<3,4,3> o (_128,_64):(_64,_1),(_128,_64),_2),_1,_2:_1,Sw<3,4,3> o ((_128,_64)):((_64,_1)),group(local_tile(get_tma_tensor(make_tma_atom(Copy_Atom<SM90_TMA_LOAD_MULTICAST,half_t>,(_512,_512):(_512,_1),Sw<3,4,3> o (_128,_64):(_64,_1),(_128,_64),_2),(512,512)),(_128,_64),(_,_)),0,2))", "Sw<3,4,3> o _4096 o ((_8192,_1)):((_1,_0))+0"),
        &[Param::required("tma", &[K::CopyAtom, K::TiledCopy]), Param::required("cta_coord", INT), Param::required("cta_layout", &[K::Layout, K::IntTuple, K::Int]), Param::required("stensor", &[K::Layout, K::Tensor, K::Composed, K::ComposedTensor]), Param::required("gtensor", &[K::IdentityTensor])],
        K::ComposedTensor,
        atoms::tma_partition_needs_gtensor,
    )
    .identity(4, |a, t, _| atoms::tma_partition_part(a, t, true))
    .tensor(TensorForm::Takes(3)),
];
